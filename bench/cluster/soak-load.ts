/**
 * One load generator of bench/cluster/soak.bench.ts, in its own process (the nodes' memory and CPU
 * must not include their clients). It holds both members of each of its pairs online on websocket
 * Socket.IO clients (as their browsers would be), the sender on one node and the recipient on the
 * other, so every delivery crosses nodes through the Redis adapter (docs/architecture.md). Senders
 * `POST /api/messages` to their own node over a keep-alive agent, as the web client sends, on a
 * fixed open-loop schedule (bench/support/open-loop.ts); a message counts as delivered when the
 * recipient's socket gets its `message:created`. Every message is tracked by its client id, so the
 * report says what was sent, accepted, delivered once, twice or never, and each delivery's latency
 * from the instant the send was due, per minute of the soak.
 */
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ServerToClientEvents } from '@cc/contracts';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { keepAliveAgent, openSockets, postJson } from '../support/clients';
import { openLoop } from '../support/open-loop';

export type SoakPair = {
  senderToken: string;
  recipientToken: string;
  recipientId: string;
  conversationId: string;
  /** The node the sender is on (and sends to); the recipient is on the other one. */
  senderNode: number;
};
export type SoakConnect = { type: 'connect'; nodeUrls: string[]; pairs: SoakPair[]; concurrency: number };
export type SoakRun = { type: 'run'; ratePerSecond: number; seconds: number; graceSeconds: number };
export type ToSoak = SoakConnect | SoakRun;

export type SoakMinute = { sent: number; accepted: number; delivered: number; latencies: number[]; answerLatencies: number[] };
/** One of the slowest deliveries: when it was due (s into the soak), its sender's node, and how long answer and delivery took. */
export type SoakSlow = { atSeconds: number; node: number; answerMs: number; deliveryMs: number };
export type SoakConnected = { type: 'connected'; sockets: number; seconds: number; rssMb: number };
export type SoakReport = {
  type: 'report';
  sent: number;
  accepted: number;
  failed: number;
  failures: Record<string, number>;
  /** Sends the generator itself could not start (too many in flight): a bound on the generator. */
  dropped: number;
  deliveredOnce: number;
  duplicates: number;
  neverDelivered: number;
  /** Delivered although the send was not answered 201 (a timeout whose message was stored anyway). */
  deliveredUnaccepted: number;
  /** Sockets that disconnected during the soak (none should). */
  disconnects: number;
  minutes: SoakMinute[];
  acceptedIds: string[];
  rssMb: number;
  cpuMs: number;
  /** The slowest deliveries, slowest first (SLOWEST_KEPT): where in the soak the tail comes from. */
  slowest: SoakSlow[];
  /** This generator's own event-loop delay during the soak: a stalled generator would show as latency. */
  lagP99Ms: number;
  lagMaxMs: number;
};
export type FromSoak = SoakConnected | SoakReport | { type: 'error'; error: string };

type Created = Parameters<ServerToClientEvents['message:created']>[0];
type Tracked = { due: number; minute: number; node: number; answerMs?: number; deliveryMs?: number; accepted: boolean; deliveries: number };
const SLOWEST_KEPT = 5;

let pairs: SoakPair[] = [];
let nodeUrls: URL[] = [];
const sockets: Socket[] = [];
let disconnects = 0;
let loadStarted = 0;
const tracked = new Map<string, Tracked>();
/** Why sends failed: an HTTP status or a socket error code, with how many. */
const failures: Record<string, number> = {};
const minutes: SoakMinute[] = [];
const minute = (m: number) => (minutes[m] ??= { sent: 0, accepted: 0, delivered: 0, latencies: [], answerLatencies: [] });

async function connect(plan: SoakConnect): Promise<SoakConnected> {
  pairs = plan.pairs;
  nodeUrls = plan.nodeUrls.map((u) => new URL(u));
  const started = performance.now();
  // Sender and recipient of a pair on different nodes; each node gets its own batch of clients.
  const byNode = plan.nodeUrls.map(() => [] as { pair: number; role: 'sender' | 'recipient'; token: string }[]);
  plan.pairs.forEach((p, k) => {
    byNode[p.senderNode]!.push({ pair: k, role: 'sender', token: p.senderToken });
    byNode[1 - p.senderNode]!.push({ pair: k, role: 'recipient', token: p.recipientToken });
  });
  const opened = await Promise.all(
    byNode.map(async (clients, node) => {
      const list = await openSockets(
        plan.nodeUrls[node]!,
        SOCKET_PATH,
        clients.map((c) => ({ [SOCKET_TOKEN_QUERY]: c.token })),
        plan.concurrency,
      );
      return list.map((socket, i) => ({ socket, ...clients[i]! }));
    }),
  );
  for (const { socket, pair, role } of opened.flat()) {
    sockets.push(socket);
    // A dropped socket would reconnect on its own and quietly miss what was sent meanwhile: count it.
    socket.on('disconnect', () => disconnects++);
    if (role !== 'recipient') continue;
    const recipientId = plan.pairs[pair]!.recipientId;
    socket.on('message:created', ({ message }: Created) => {
      // The recipient's own messages echo to their tabs too; only the sender's count.
      if (message.senderId === recipientId || !message.clientId) return;
      const t = tracked.get(message.clientId);
      if (!t) return;
      t.deliveries++;
      if (t.deliveries === 1) {
        const m = minute(t.minute);
        m.delivered++;
        t.deliveryMs = performance.now() - t.due;
        m.latencies.push(t.deliveryMs);
      }
    });
  }
  return {
    type: 'connected',
    sockets: sockets.length,
    seconds: (performance.now() - started) / 1000,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
  };
}

async function run(plan: SoakRun): Promise<SoakReport> {
  const cpu = process.cpuUsage();
  // About one keep-alive connection per sender's browser would be 1,000; a few dozen per node carry 20/s.
  const agents: http.Agent[] = nodeUrls.map(() => keepAliveAgent(50));
  const interval = 1000 / plan.ratePerSecond;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  loadStarted = performance.now();
  const result = await openLoop({
    ratePerSecond: plan.ratePerSecond,
    seconds: plan.seconds,
    one: async (i) => {
      const due = loadStarted + i * interval;
      const m = Math.floor((due - loadStarted) / 60_000);
      const pair = pairs[i % pairs.length]!;
      const clientId = randomUUID();
      const t: Tracked = { due, minute: m, node: pair.senderNode, accepted: false, deliveries: 0 };
      tracked.set(clientId, t);
      minute(m).sent++;
      const body = { conversationId: pair.conversationId, clientId, type: 'text', text: `soak message ${i}` };
      let status: number;
      try {
        status = await postJson(agents[pair.senderNode]!, nodeUrls[pair.senderNode]!, '/api/messages', body, pair.senderToken);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? String(error);
        failures[reason] = (failures[reason] ?? 0) + 1;
        throw error;
      }
      t.answerMs = performance.now() - due;
      minute(m).answerLatencies.push(t.answerMs);
      if (status !== 201) {
        failures[`HTTP ${status}`] = (failures[`HTTP ${status}`] ?? 0) + 1;
        return false;
      }
      t.accepted = true;
      minute(m).accepted++;
      return true;
    },
  });
  // Deliveries still on their way when the schedule ends.
  const graceEnd = performance.now() + plan.graceSeconds * 1000;
  const undelivered = () => [...tracked.values()].some((t) => t.accepted && t.deliveries === 0);
  while (undelivered() && performance.now() < graceEnd) await new Promise((resolve) => setTimeout(resolve, 100));
  // A moment more, so that a second copy of anything would have arrived too.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  let deliveredOnce = 0;
  let duplicates = 0;
  let neverDelivered = 0;
  let deliveredUnaccepted = 0;
  const acceptedIds: string[] = [];
  for (const [id, t] of tracked) {
    if (t.accepted) acceptedIds.push(id);
    if (t.deliveries >= 1) deliveredOnce++;
    if (t.deliveries > 1) duplicates += t.deliveries - 1;
    if (t.accepted && t.deliveries === 0) neverDelivered++;
    if (!t.accepted && t.deliveries > 0) deliveredUnaccepted++;
  }
  lag.disable();
  const slowest = [...tracked.values()]
    .filter((t) => t.deliveryMs !== undefined)
    .sort((a, b) => b.deliveryMs! - a.deliveryMs!)
    .slice(0, SLOWEST_KEPT)
    .map((t) => ({ atSeconds: (t.due - loadStarted) / 1000, node: t.node, answerMs: t.answerMs ?? NaN, deliveryMs: t.deliveryMs! }));
  const disconnectsDuringSoak = disconnects;
  for (const socket of sockets) socket.close();
  for (const agent of agents) agent.destroy();
  const used = process.cpuUsage(cpu);
  return {
    type: 'report',
    sent: tracked.size,
    accepted: result.ok,
    failed: result.failed,
    failures,
    dropped: result.dropped,
    deliveredOnce,
    duplicates,
    neverDelivered,
    deliveredUnaccepted,
    disconnects: disconnectsDuringSoak,
    minutes,
    acceptedIds,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
    cpuMs: (used.user + used.system) / 1000,
    slowest,
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
  };
}

const reply = (message: FromSoak) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

process.on('message', (message: ToSoak) => {
  const work = async () => {
    if (message.type === 'connect') await reply(await connect(message));
    else {
      await reply(await run(message));
      // Let the close frames go out before the process ends.
      setTimeout(() => process.exit(0), 500);
    }
  };
  work().catch((error: unknown) =>
    reply({ type: 'error', error: String(error instanceof Error ? error.stack : error) }).then(() => process.exit(1)),
  );
});
