import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createMember, createModel, giveTokens } from '../test-support/factories';
import { startCluster, type Cluster } from '../test-support/cluster';
import { call, eventually, openSocket, recorder, sleep, spread, type Client } from '../test-support/cluster-client';

/**
 * Two server processes behind HAProxy on one PostgreSQL and Redis (docs/architecture.md): a member
 * kept on node 0 and a model kept on node 1 (the proxy's node cookie, as a browser keeps it) chat,
 * pay, tip and call each other exactly as on one server, and the background jobs both nodes run do
 * each piece of work once.
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

/** A member using the site through the proxy, kept on one node by its cookie. */
async function onNode(index: number, member: { token: string }) {
  const headers = cluster.pin(index);
  const socket = await openSocket(cluster.url, member.token, { headers });
  sockets.push(socket);
  return {
    socket,
    hears: recorder(socket),
    request: (method: string, path: string, body?: unknown) => call(cluster.url, method, path, { token: member.token, body, headers }),
  };
}

it('members on different nodes exchange paid messages and tips, and each hears the other, the charge and the notification', async () => {
  const factory = await cluster.app();
  const fan = await createMember(factory, { name: 'Fan' });
  const model = await createModel(factory, { name: 'Model', tokenPerMessage: 200 });
  await giveTokens(factory, fan.user.id, 50);
  const onA = await onNode(0, fan);
  const onB = await onNode(1, model);

  const opened = await onA.request('POST', '/api/conversation', { userId: model.user.id });
  expect([200, 201]).toContain(opened.status);
  expect(opened.node).toBe('node0');
  const conversationId = opened.body.data._id as string;

  // Ten paid messages from node 0, one at a time; each reaches the model's socket on node 1.
  const latencies: number[] = [];
  const answers: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const before = onB.hears.of('message:created').length;
    const sentAt = performance.now();
    const sent = await onA.request('POST', '/api/messages', { conversationId, clientId: randomUUID(), text: `Paid message ${i}` });
    answers.push(performance.now() - sentAt);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.node).toBe('node0');
    expect(sent.body.data.price).toBe(2);
    const arrived = await eventually(() => {
      const event = onB.hears.of('message:created')[before];
      if (!event) throw new Error(`message ${i} has not reached node 1`);
      return event;
    });
    latencies.push(arrived.at - sentAt);
    expect(arrived.payload.message).toMatchObject({ _id: sent.body.data._id, text: `Paid message ${i}` });
    expect(arrived.payload.totalUnread).toBe(i);
  }
  console.info(
    `[cluster] paid message: send answered by node 0 in ${JSON.stringify(spread(answers))} ms, ` +
      `on the recipient's socket on node 1 ${JSON.stringify(spread(latencies))} ms after the send began`,
  );

  // Typing goes socket to socket through Redis, no database once the conversation is known: the
  // bare cost of crossing nodes.
  const relays: number[] = [];
  for (let i = 0; i < 10; i++) {
    const before = onB.hears.of('conversation:typing').length;
    const typedAt = performance.now();
    onA.socket.emit('conversation:typing', { conversationId, typing: i % 2 === 0 });
    const relayed = await eventually(() => {
      const event = onB.hears.of('conversation:typing')[before];
      if (!event) throw new Error('typing has not reached node 1');
      return event;
    });
    expect(relayed.payload).toEqual({ conversationId, userId: fan.user.id, typing: i % 2 === 0 });
    relays.push(relayed.at - typedAt);
  }
  console.info(`[cluster] typing, node 0 socket → node 1 socket: ${JSON.stringify(spread(relays))} ms`);

  // 10 × 2 tokens paid; the model nets 80 % of it (the default commission), told on her socket.
  expect((await onA.request('GET', '/api/wallet')).body.data.balance).toBe(30);
  const modelWallet = await onB.request('GET', '/api/wallet');
  expect(modelWallet.node).toBe('node1');
  expect(modelWallet.body.data.balance).toBe(16);
  await eventually(() => expect(onB.hears.payloads('wallet:balance').at(-1)).toEqual({ balance: 16 }));

  // A tip from node 0 notifies the model on node 1, with the fan's note.
  const tipped = await onA.request('POST', '/api/share-love/create', { modelId: model.user.id, token: 5, note: 'For the song' });
  expect(tipped.status, JSON.stringify(tipped.body)).toBe(201);
  const notified = await eventually(() => {
    const [event] = onB.hears.payloads('notification:created');
    if (!event) throw new Error('no notification on node 1 yet');
    return event;
  });
  expect(notified.notification).toMatchObject({ type: 'tip', text: 'Fan tipped you 5.00 tokens', note: 'For the song' });
  expect(notified.unreadCount).toBe(1);
  await eventually(() => expect(onB.hears.payloads('wallet:balance').at(-1)).toEqual({ balance: 20 }));
  await eventually(() => expect(onA.hears.payloads('wallet:balance').at(-1)).toEqual({ balance: 25 }));

  // The model answers from node 1; the fan's tab on node 0 hears it, and her read receipt (up to her
  // own reply, the 11th message) reaches the fan, whose own unread count is that reply.
  const reply = await onB.request('POST', '/api/messages', { conversationId, clientId: randomUUID(), text: 'Thank you!' });
  expect(reply.status).toBe(201);
  await eventually(() => expect(onA.hears.payloads('message:created').map((p) => p.message.text)).toContain('Thank you!'));
  const read = await onB.request('POST', `/api/conversation/${conversationId}/read`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  await eventually(() =>
    expect(onA.hears.payloads('conversation:read')).toContainEqual(
      expect.objectContaining({ conversationId, readerId: model.user.id, readSeq: 11, unreadMessageCount: 1 }),
    ),
  );
  // Nothing arrived twice on either side although both nodes read the same stream.
  const ids = onB.hears.payloads('message:created').map((p) => p.message._id);
  expect(new Set(ids).size).toBe(ids.length);
});

it('a call placed on node 0 rings the model on node 1; signalling crosses; the first minute is charged once', async () => {
  const factory = await cluster.app();
  const caller = await createMember(factory, { name: 'Caller' });
  const model = await createModel(factory, { name: 'Callee', callAvailable: true, callRate: 300 });
  await giveTokens(factory, caller.user.id, 20);
  const onA = await onNode(0, caller);
  const onB = await onNode(1, model);

  const placed = await onA.request('POST', '/api/masked-call/initiate', { modelId: model.user.id });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const callId = placed.body.data.callId as string;
  await eventually(() =>
    expect(onB.hears.payloads('call:incoming')).toEqual([
      { callId, fromUser: { _id: caller.user.id, name: 'Caller', username: caller.user.username }, callRate: 3 },
    ]),
  );

  const accepted = await onB.request('POST', `/api/masked-call/accept/${callId}`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  for (const party of [onA, onB]) {
    await eventually(() => expect(party.hears.payloads('call:connected')).toEqual([{ callId, connectedAt: expect.any(String) }]));
  }

  // WebRTC offer from the caller's socket on node 0, answer from the model's on node 1.
  const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
  onA.socket.emit('call:signal', { callId, signal: offer });
  await eventually(() => expect(onB.hears.payloads('call:signal')).toEqual([{ callId, signal: offer }]));
  const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
  onB.socket.emit('call:signal', { callId, signal: answer });
  await eventually(() => expect(onA.hears.payloads('call:signal')).toEqual([{ callId, signal: answer }]));

  // Minute 1 falls due at 5 s connected (docs/product.md#call-billing); both nodes run the billing
  // job every second, and the minute is charged once: one event each, one debit.
  await eventually(() => expect(onA.hears.payloads('call:charged')).toHaveLength(1), 12_000, 100);
  await sleep(2500); // two more runs of each node's job
  for (const party of [onA, onB]) {
    expect(party.hears.payloads('call:charged')).toEqual([{ callId, minutesCharged: 1, tokensUsed: 3 }]);
  }
  expect((await onA.request('GET', '/api/wallet')).body.data.balance).toBe(17);

  const ended = await onA.request('POST', `/api/masked-call/end/${callId}`);
  expect(ended.status).toBe(200);
  expect(ended.body.data).toMatchObject({ status: 'ended', minutesCharged: 1, tokensUsed: 3 });
  for (const party of [onA, onB]) {
    await eventually(() =>
      expect(party.hears.payloads('call:ended')).toEqual([
        { callId, duration: expect.any(Number), finalTokens: 3, reason: 'caller-ended' },
      ]),
    );
  }
  expect((await onB.request('GET', '/api/wallet')).body.data.balance).toBe(2.4);
});

// Background work runs on every node (platform/jobs.ts, the mail worker): each job claims its rows
// (SKIP LOCKED, a lease), so with both nodes racing every mail goes out once and every call minute
// is charged once (docs/product.md#call-billing).
it('sends every queued mail exactly once while both nodes poll the same outbox', async () => {
  const factory = await cluster.app();
  // Queued where no node hears of it (the factory has no Redis): both nodes find them on their
  // 2-second poll and race for the same rows.
  const queued = Array.from({ length: 30 }, (_, i) => ({
    to: `queued-${i}@example.test`,
    subject: `Queued ${i}`,
    text: `Queued mail ${i}`,
    template: 'test',
  }));
  for (const mail of queued) await factory.ctx.mail.enqueue(mail);
  // And as people cause it: password resets through the proxy, spread over both nodes.
  const members = await Promise.all(Array.from({ length: 6 }, () => createMember(factory)));
  const answeredBy = new Set<string | null>();
  for (const member of members) {
    const asked = await call(cluster.url, 'POST', '/api/auth/forgot', { body: { email: member.user.email } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    answeredBy.add(asked.node);
  }
  expect(answeredBy).toEqual(new Set(['node0', 'node1']));

  const addresses = [...queued.map((m) => m.to), ...members.map((m) => m.user.email)];
  const ours = async () => (await cluster.outbox()).filter((mail) => addresses.includes(mail.to));
  await eventually(async () => expect((await ours()).length).toBeGreaterThanOrEqual(addresses.length), 20_000, 200);
  await sleep(4500); // two more polls on each node: a second sending would show now

  const sent = await ours();
  expect(sent.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
  const rows = await factory.ctx.db
    .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, addresses));
  // Each row claimed by one node, once.
  expect(rows).toHaveLength(addresses.length);
  expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
});

it('charges the first minute of many calls once each while both nodes run the billing job', async () => {
  const factory = await cluster.app();
  const pairs = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const caller = await createMember(factory);
      const model = await createModel(factory, { callAvailable: true, callRate: 150 });
      await giveTokens(factory, caller.user.id, 10);
      // Callers alternate nodes, models sit on the other one.
      const callerNode = i % 2;
      const socket = await openSocket(cluster.url, caller.token, { headers: cluster.pin(callerNode) });
      // The model's softphone tab: a local call whose model has no socket is ended as left.
      const modelTab = await openSocket(cluster.url, model.token, { headers: cluster.pin(1 - callerNode) });
      sockets.push(socket, modelTab);
      return { caller, model, callerNode, hears: recorder(socket) };
    }),
  );

  const callIds = await Promise.all(
    pairs.map(async ({ caller, model, callerNode }) => {
      const placed = await call(cluster.url, 'POST', '/api/masked-call/initiate', {
        token: caller.token,
        body: { modelId: model.user.id },
        headers: cluster.pin(callerNode),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const callId = placed.body.data.callId as string;
      const accepted = await call(cluster.url, 'POST', `/api/masked-call/accept/${callId}`, {
        token: model.token,
        headers: cluster.pin(1 - callerNode),
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      return callId;
    }),
  );

  // Minute 1 falls due at 5 s connected; then two more runs of each node's job.
  await eventually(() => expect(pairs.every((p) => p.hears.payloads('call:charged').length > 0)).toBe(true), 15_000, 100);
  await sleep(2500);

  for (const [i, { caller, hears }] of pairs.entries()) {
    expect(hears.payloads('call:charged')).toEqual([{ callId: callIds[i], minutesCharged: 1, tokensUsed: 1.5 }]);
    const wallet = await call(cluster.url, 'GET', '/api/wallet', { token: caller.token });
    expect(wallet.body.data.balance).toBe(8.5);
  }
  for (const [i, { caller }] of pairs.entries()) {
    const ended = await call(cluster.url, 'POST', `/api/masked-call/end/${callIds[i]}`, { token: caller.token });
    expect(ended.body.data).toMatchObject({ status: 'ended', minutesCharged: 1, tokensUsed: 1.5 });
  }
  expect((await factory.ctx.ledger.check()).ok).toBe(true);
});
