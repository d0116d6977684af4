import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel, giveTokens } from '../test-support/factories';
import { startCluster, type Cluster } from '../test-support/cluster';
import { call, eventually, openSocket, recorder, type Client } from '../test-support/cluster-client';

/**
 * A node killed outright (SIGKILL: no shutdown, its sockets never closed) in the middle of a
 * conversation: its members reconnect through the proxy to a node still alive and, with the web
 * app's catch-up on reconnect (refetch the conversation's newest page, docs/product.md#sockets),
 * miss nothing; the members who were only on it are forgotten by presence once its heartbeat
 * lapses, and the people chatting with them are told (docs/architecture.md).
 */
let cluster: Cluster;
const sockets: Client[] = [];

beforeAll(async () => {
  cluster = await startCluster({ nodes: 2 });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.stop();
});

const track = (socket: Client) => (sockets.push(socket), socket);

it('a member whose node is killed reconnects through the proxy to the other, misses no message, and presence forgets the dead node', async () => {
  const factory = await cluster.app();
  const fan = await createMember(factory, { name: 'Fan' });
  const passer = await createMember(factory, { name: 'Passer-by' });
  const model = await createModel(factory, { name: 'Model', tokenPerMessage: 100 });
  await giveTokens(factory, fan.user.id, 100);

  // The model is on node 1 (her own tab, straight to it); the fan is kept on node 0 by the proxy's
  // cookie and reconnects as the web app does; the passer-by's only tab is on node 0.
  const nodeB = cluster.nodes[1]!.url;
  const modelHears = recorder(track(await openSocket(nodeB, model.token)));
  const fanPin = cluster.pin(0);
  const fanSocket = track(await openSocket(cluster.url, fan.token, { reconnect: true, headers: fanPin }));
  const fanHears = recorder(fanSocket);
  track(await openSocket(cluster.nodes[0]!.url, passer.token));

  const asFan = (method: string, path: string, body?: unknown) =>
    call(cluster.url, method, path, { token: fan.token, body, headers: fanPin });
  const asModel = (method: string, path: string, body?: unknown) => call(nodeB, method, path, { token: model.token, body });
  const conversationId = (await asFan('POST', '/api/conversation', { userId: model.user.id })).body.data._id as string;
  const passerConversation = (await asModel('POST', '/api/conversation', { userId: passer.user.id })).body.data._id as string;
  const modelSends = async (text: string) => {
    const sent = await asModel('POST', '/api/messages', { conversationId, clientId: randomUUID(), text });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return sent.body.data._id as string;
  };

  const fanFirst = await asFan('POST', '/api/messages', { conversationId, clientId: randomUUID(), text: 'Hi from node 0' });
  expect(fanFirst.node).toBe('node0');
  const before = [await modelSends('Before 1'), await modelSends('Before 2')];
  await eventually(() => expect(fanHears.payloads('message:created').map((p) => p.message._id)).toEqual(expect.arrayContaining(before)));
  const passerOnline = async () => (await asModel('GET', `/api/conversation/${passerConversation}`)).body.data.recipient.isOnline;
  await eventually(async () => expect(await passerOnline()).toBe(true));

  const disconnected = new Promise<number>((resolve) => fanSocket.once('disconnect', () => resolve(performance.now())));
  // The socket's own `connect` (the server has admitted it to the namespace and joined its rooms),
  // not the manager's `reconnect`, which fires when the transport is open and the admission is
  // still on its way; the web app's catch-up also waits for `connect` (useSocketListeners.ts).
  const reconnected = new Promise<number>((resolve) => fanSocket.once('connect', () => resolve(performance.now())));
  const killedAt = performance.now();
  await cluster.kill(0);

  // While the fan's link is down the model goes on writing, and the fan's own send, still carrying
  // node 0's cookie, is served by node 1.
  const during = [await modelSends('While you were away 1'), await modelSends('While you were away 2')];
  const fanDuring = await asFan('POST', '/api/messages', { conversationId, clientId: randomUUID(), text: 'Are you there?' });
  expect(fanDuring.status, JSON.stringify(fanDuring.body)).toBe(201);
  expect(fanDuring.node).toBe('node1');

  const lostAt = await disconnected;
  const backAt = await reconnected;
  expect(fanSocket.connected).toBe(true);
  // The web app's catch-up on every reconnect: the open conversation's newest page and the totals.
  const page = await asFan('GET', `/api/messages/${conversationId}?limit=30`);
  expect(page.status).toBe(200);
  const seen = new Set<string>([
    ...fanHears.payloads('message:created').map((p) => p.message._id),
    ...page.body.data.items.map((m: any) => m._id),
  ]);
  for (const id of [...before, ...during, fanFirst.body.data._id, fanDuring.body.data._id]) expect([...seen]).toContain(id);
  expect((await asFan('GET', '/api/conversation/total-unread-message')).body.data.count).toBe(4);

  // And the link is live again: the next message arrives on the socket, through node 1.
  const after = await modelSends('Welcome back');
  await eventually(() => expect(fanHears.payloads('message:created').map((p) => p.message._id)).toContain(after));
  // 1 token a message, 2 sent by the fan: the one through the dead node's cookie charged once.
  expect((await asFan('GET', '/api/wallet')).body.data.balance).toBe(98);

  // Presence: the passer-by's only socket died with node 0; node 1 stops counting it once node 0's
  // heartbeat lapses, and tells the model. The fan, back on node 1, stays online.
  await eventually(async () => expect(await passerOnline()).toBe(false), 20_000, 250);
  const forgottenAt = performance.now();
  await eventually(() => expect(modelHears.payloads('presence:changed')).toContainEqual({ userId: passer.user.id, online: false }));
  expect(modelHears.payloads('presence:changed')).not.toContainEqual({ userId: fan.user.id, online: false });
  expect((await asModel('GET', `/api/conversation/${conversationId}`)).body.data.recipient.isOnline).toBe(true);

  console.info(
    `[cluster] after SIGKILL: link lost ${Math.round(lostAt - killedAt)} ms, reconnected through the proxy ${Math.round(backAt - killedAt)} ms, ` +
      `presence forgot the dead node's member ${Math.round(forgottenAt - killedAt)} ms after the kill`,
  );
});
