/**
 * The load generator of bench/calls/charge.bench.ts, in its own process so that it does not share
 * the server's event loop. It opens a socket for every party (as their browsers would), places the
 * calls over HTTP, measures the ceilings, then offers POST /masked-call/charge/{id} open loop at
 * fixed rates, ends every call and reports to the parent over IPC.
 */
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY } from '@cc/contracts';
import { openLoop, percentiles } from '../support/open-loop';

export type Pair = { callerToken: string; modelToken: string; modelId: string };
/** `pageRate`: what the calls' own pages ask (one charge per call per minute), offered before the fractions of the ceiling. */
export type LoadPlan = { base: string; pairs: Pair[]; phaseSeconds: number; pageRate: number; fractions: number[] };
export type Phase = {
  name: string;
  offered: number | null;
  achieved: number;
  ok: number;
  failed: number;
  dropped: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};
export type LoadReport = { phases: Phase[]; callIds: string[]; placeSeconds: number; socketsOpened: number };

const json = (token: string, body?: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function inBatches<T>(items: T[], size: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** Closed loop for `seconds` with `concurrency` in flight: the most this path answers per second. */
async function ceiling(name: string, seconds: number, concurrency: number, one: (i: number) => Promise<boolean>): Promise<Phase> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let i = 0;
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt) {
        const t = performance.now();
        if (await one(i++).catch(() => false)) ok++;
        else failed++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { name, offered: null, achieved: ok / elapsed, ok, failed, dropped: 0, ...percentiles(latencies) };
}

async function main(plan: LoadPlan): Promise<LoadReport> {
  const { base, pairs } = plan;
  const sockets: Socket[] = [];
  const tokens = pairs.flatMap((p) => [p.callerToken, p.modelToken]);
  await inBatches(tokens, 50, async (token) => {
    const socket = io(base, { path: SOCKET_PATH, query: { [SOCKET_TOKEN_QUERY]: token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    sockets.push(socket);
  });

  const phases: Phase[] = [];
  phases.push(await ceiling('ceiling: GET /api/health', 5, 32, async () => (await fetch(`${base}/api/health`)).ok));

  const callIds: string[] = [];
  const placing = performance.now();
  await inBatches(pairs, 20, async (pair, i) => {
    const placed = await fetch(`${base}/api/masked-call/initiate`, json(pair.callerToken, { modelId: pair.modelId }));
    const body = (await placed.json()) as { data: { callId: string } };
    if (!placed.ok) throw new Error(`initiate answered ${placed.status}: ${JSON.stringify(body)}`);
    const accepted = await fetch(`${base}/api/masked-call/accept/${body.data.callId}`, json(pair.modelToken));
    if (!accepted.ok) throw new Error(`accept answered ${accepted.status}`);
    callIds[i] = body.data.callId;
  });
  const placeSeconds = (performance.now() - placing) / 1000;

  const charge = async (i: number) => {
    const k = i % callIds.length;
    return (await fetch(`${base}/api/masked-call/charge/${callIds[k]}`, json(pairs[k]!.callerToken))).ok;
  };
  const top = await ceiling('ceiling: POST /masked-call/charge', 8, 32, charge);
  phases.push(top);
  const offers = [
    { name: `as the calls' pages ask (${plan.pageRate}/s)`, rate: plan.pageRate },
    ...plan.fractions.map((fraction) => ({
      name: `open loop at ${Math.round(fraction * 100)} % of the ceiling`,
      rate: Math.max(1, Math.round(top.achieved * fraction)),
    })),
  ];
  for (const { name, rate } of offers) {
    const result = await openLoop({ ratePerSecond: rate, seconds: plan.phaseSeconds, one: charge });
    phases.push({
      name,
      offered: rate,
      achieved: result.ok / result.seconds,
      ok: result.ok,
      failed: result.failed,
      dropped: result.dropped,
      ...percentiles(result.latencies),
    });
  }

  await inBatches(callIds, 20, async (id, i) => {
    const res = await fetch(`${base}/api/masked-call/end/${id}`, json(pairs[i]!.callerToken));
    if (!res.ok) throw new Error(`end answered ${res.status}`);
  });
  const socketsOpened = sockets.length;
  for (const socket of sockets) socket.close();
  return { phases, callIds, placeSeconds, socketsOpened };
}

process.once('message', (plan: LoadPlan) => {
  main(plan).then(
    (report) => process.send!({ report }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: String(error instanceof Error ? error.stack : error) }, () => process.exit(1)),
  );
});
