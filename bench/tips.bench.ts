/**
 * Paid actions through the ledger, over real HTTP: members tip models concurrently
 * (POST /api/share-love/create: guarded debit, commission, earning row, live balance event), and an
 * authenticated read (GET /api/users/me) for comparison. Prints throughput and latency percentiles.
 *
 *   npm run bench                       # embedded PGlite
 *   DATABASE_URL=postgres://… npm run bench
 *
 * Bounded: a fixed number of requests at a fixed concurrency, loopback only.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createTestApp } from '../apps/server/src/test-support/harness';
import { createMember, createModel, createAdmin } from '../apps/server/src/test-support/factories';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

type Result = { name: string; ok: number; failed: number; seconds: number; latencies: number[] };

async function run(name: string, count: number, concurrency: number, one: (i: number) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        if (await one(i)) ok++;
        else failed++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { name, ok, failed, seconds: (performance.now() - started) / 1000, latencies };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
function report(r: Result) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  console.log(
    `${r.name.padEnd(22)} ${String(r.ok).padStart(6)} ok ${String(r.failed).padStart(4)} failed  ${(r.ok / r.seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(sorted, 50)} ms  p95 ${pct(sorted, 95)} ms  p99 ${pct(sorted, 99)} ms`,
  );
}

async function main() {
  const app = await createTestApp({ config: { rateLimitScale: 1000 } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const admin = await createAdmin(app);
  const models = await Promise.all(Array.from({ length: 5 }, () => createModel(app)));
  const members = await Promise.all(Array.from({ length: 20 }, () => createMember(app)));
  for (const m of members) {
    const res = await app.request('POST', `/api/admin/users/${m.user.id}/adjust-balance`, {
      token: admin.token,
      body: { amount: 100_000_000, reason: 'benchmark funds', idempotencyKey: randomUUID() },
    });
    if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const post = (token: string, body: unknown) =>
    fetch(`${base}/api/share-love/create`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  console.log(`database: ${app.ctx.database.kind}; ${os.cpus().length} cores; ${REQUESTS} requests at concurrency ${CONCURRENCY}; RSS before ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
  // Warm-up: JIT, prepared plans, wallet rows.
  await run('warm-up', 200, CONCURRENCY, async (i) => (await post(members[i % 20]!.token, { modelId: models[i % 5]!.user.id, amount: 100, idempotencyKey: randomUUID() })).status === 201);

  report(
    await run('GET /users/me', REQUESTS, CONCURRENCY, async (i) => (await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${members[i % 20]!.token}` } })).ok),
  );
  report(
    await run('POST /share-love/create', REQUESTS, CONCURRENCY, async (i) => {
      const res = await post(members[i % 20]!.token, { modelId: models[i % 5]!.user.id, amount: 150, idempotencyKey: randomUUID() });
      return res.status === 201;
    }),
  );

  const check = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
  console.log(`ledger check after the run: ${check.body.data.ok ? 'clean' : 'NOT CLEAN'}; RSS after ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
  await app.close();
}

void main();
