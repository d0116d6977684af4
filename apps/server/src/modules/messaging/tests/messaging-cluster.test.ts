import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@cc/contracts';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';

/**
 * Chat across two server processes sharing PostgreSQL and Redis: a message sent through one node
 * reaches a member connected to the other, typing crosses too, and both nodes agree on who is
 * online. Runs in CI's second pass (DATABASE_URL and REDIS_URL set); skipped on the embedded defaults.
 */
const clustered = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let nodeA: TestApp;
let nodeB: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  if (!clustered) return;
  nodeA = await createTestApp();
  nodeB = await createTestApp({
    config: { databaseUrl: nodeA.config.databaseUrl, redisPrefix: nodeA.config.redisPrefix, jwtSecret: nodeA.config.jwtSecret },
  });
  await Promise.all([nodeA.app.listen({ port: 0, host: '127.0.0.1' }), nodeB.app.listen({ port: 0, host: '127.0.0.1' })]);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await nodeB?.close();
  await nodeA?.close();
});

async function connectTo(node: TestApp, token: string): Promise<Client> {
  const port = (node.app.server.address() as AddressInfo).port;
  const client: Client = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return client;
}

it.runIf(clustered)('a message sent through one node reaches the recipient on the other, with typing and presence shared', async () => {
  const ada = await createMember(nodeA, { name: 'Ada on A' });
  const ben = await createMember(nodeA, { name: 'Ben on B' });
  const opened = await nodeA.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  const conversationId = opened.body.data._id as string;

  const adaTab = await connectTo(nodeA, ada.token);
  const benTab = await connectTo(nodeB, ben.token);

  // Node A sees Ben online although his only socket is on node B.
  await vi.waitFor(async () => {
    const seen = await nodeA.request('GET', `/api/conversation/${conversationId}`, { token: ada.token });
    expect(seen.body.data.recipient.isOnline).toBe(true);
  });

  const typing = new Promise((resolve) => benTab.once('conversation:typing', resolve));
  adaTab.emit('conversation:typing', { conversationId, typing: true });
  expect(await typing).toEqual({ conversationId, userId: ada.user.id, typing: true });

  const delivered = new Promise<Parameters<ServerToClientEvents['message:created']>[0]>((resolve) =>
    benTab.once('message:created', resolve),
  );
  const sent = await nodeA.request('POST', '/api/messages', {
    token: ada.token,
    body: { conversationId, clientId: randomUUID(), text: 'Across the cluster' },
  });
  expect(sent.status).toBe(201);
  const event = await delivered;
  expect(event.message).toMatchObject({ _id: sent.body.data._id, text: 'Across the cluster' });
  expect(event.conversation.unreadMessageCount).toBe(1);
  expect(event.totalUnread).toBe(1);

  // Ben leaves node B: node A learns he is offline.
  benTab.close();
  await vi.waitFor(async () => {
    const seen = await nodeA.request('GET', `/api/conversation/${conversationId}`, { token: ada.token });
    expect(seen.body.data.recipient.isOnline).toBe(false);
  });
});
