/**
 * Messaging end to end: members send messages over HTTP (POST /api/messages), the server persists
 * them (and, for paid messages, charges through the ledger in the same transaction) and pushes
 * 'message:created' to the recipient's socket. Measures throughput and two latencies per message:
 * the HTTP answer, and send-to-delivery on the recipient's socket. Then checks nothing was lost:
 * every message is stored once and every recipient received every message once.
 *
 *   npm run bench:messaging                       # embedded PGlite
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:messaging
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ClientToServerEvents, type ServerToClientEvents } from '@cc/contracts';
import { createTestApp } from '../../apps/server/src/test-support/harness';
import { createAdmin, createMember, createModel } from '../../apps/server/src/test-support/factories';
import { report, rssMb, run } from '../support/load';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PAIRS = 20;

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function main() {
  const app = await createTestApp({ config: { rateLimitScale: 1000 } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const admin = await createAdmin(app);

  // Free pairs (member to member) and paid pairs (member to a model charging 1.00 token).
  const senders = await Promise.all(Array.from({ length: PAIRS }, () => createMember(app)));
  const friends = await Promise.all(Array.from({ length: PAIRS }, () => createMember(app)));
  const models = await Promise.all(Array.from({ length: PAIRS }, () => createModel(app, { tokenPerMessage: 100 })));
  for (const s of senders) {
    const res = await app.request('POST', `/api/admin/users/${s.user.id}/adjust-balance`, {
      token: admin.token,
      body: { amount: 1_000_000, reason: 'benchmark funds', idempotencyKey: randomUUID() },
    });
    if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const open = async (token: string, userId: string) => {
    const res = await app.request('POST', '/api/conversation', { token, body: { userId } });
    if (res.status !== 201 && res.status !== 200) throw new Error(`conversation failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data._id as string;
  };
  const freeConversations = await Promise.all(senders.map((s, i) => open(s.token, friends[i]!.user.id)));
  const paidConversations = await Promise.all(senders.map((s, i) => open(s.token, models[i]!.user.id)));

  // Every recipient listens on a real socket; deliveries are matched to sends by clientId.
  const sentAt = new Map<string, number>();
  const delivered = new Map<string, number>();
  let duplicates = 0;
  const sockets: Client[] = [];
  for (const recipient of [...friends, ...models]) {
    const socket: Client = connect(base, {
      path: SOCKET_PATH,
      query: { [SOCKET_TOKEN_QUERY]: recipient.token },
      transports: ['websocket'],
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.on('message:created', ({ message }) => {
      if (message.senderId === recipient.user.id) return;
      const started = sentAt.get(message.clientId);
      if (started === undefined) return;
      if (delivered.has(message.clientId)) duplicates++;
      else delivered.set(message.clientId, performance.now() - started);
    });
    sockets.push(socket);
  }

  const send = async (token: string, conversationId: string, expected: number) => {
    const clientId = randomUUID();
    sentAt.set(clientId, performance.now());
    const res = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, clientId, type: 'text', text: `benchmark message ${clientId}` }),
    });
    await res.arrayBuffer();
    return res.status === expected;
  };

  console.log(
    `database: ${app.ctx.database.kind}; sockets: ${app.config.redisUrl ? 'Redis streams adapter' : 'in-process'}; ${os.cpus().length} cores; ` +
      `${MESSAGES} messages per run at concurrency ${CONCURRENCY}; RSS before ${rssMb()} MB`,
  );
  await run('warm-up', 200, CONCURRENCY, (i) => send(senders[i % PAIRS]!.token, freeConversations[i % PAIRS]!, 201));
  await waitForDeliveries(delivered, sentAt.size);
  sentAt.clear();
  delivered.clear();

  for (const [label, conversations] of [
    ['free (member to member)', freeConversations],
    ['paid (member to model)', paidConversations],
  ] as const) {
    const result = await run(label, MESSAGES, CONCURRENCY, (i) => send(senders[i % PAIRS]!.token, conversations[i % PAIRS]!, 201));
    await waitForDeliveries(delivered, sentAt.size);
    report(result, result.latencies, `POST /messages, ${label}`);
    report({ ...result, ok: delivered.size }, [...delivered.values()], `  delivered to socket`);
    const missing = sentAt.size - delivered.size;
    console.log(`  lost: ${missing}, delivered twice: ${duplicates}`);
    sentAt.clear();
    delivered.clear();
  }

  const stored = await app.ctx.db.execute(sql`select count(*)::int as n from messages`);
  const rows = (stored as unknown as { rows: { n: number }[] }).rows;
  const check = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
  console.log(
    `messages stored: ${rows[0]!.n} (expected ${200 + 2 * MESSAGES}); ledger check: ${check.body.data.ok ? 'clean' : 'NOT CLEAN'}; RSS after ${rssMb()} MB`,
  );
  for (const socket of sockets) socket.disconnect();
  await app.close();
}

/** Deliveries trail the HTTP answers by a little; wait until they settle (or 10 s pass). */
async function waitForDeliveries(delivered: Map<string, number>, expected: number) {
  const deadline = Date.now() + 10_000;
  while (delivered.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

void main();
