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
import { report, rssMb, run } from './support/load';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

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
      body: { amount: 1_000_000, reason: 'benchmark funds', idempotencyKey: randomUUID() },
    });
    if (res.status !== 200) throw new Error(`funding failed: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const post = (token: string, body: unknown) =>
    fetch(`${base}/api/share-love/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  console.log(
    `database: ${app.ctx.database.kind}; ${os.cpus().length} cores; ${REQUESTS} requests at concurrency ${CONCURRENCY}; RSS before ${rssMb()} MB`,
  );
  // Warm-up: JIT, prepared plans, wallet rows.
  await run(
    'warm-up',
    200,
    CONCURRENCY,
    async (i) =>
      (await post(members[i % 20]!.token, { modelId: models[i % 5]!.user.id, amount: 1, idempotencyKey: randomUUID() })).status === 201,
  );

  report(
    await run(
      'GET /users/me',
      REQUESTS,
      CONCURRENCY,
      async (i) => (await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${members[i % 20]!.token}` } })).ok,
    ),
  );
  report(
    await run('POST /share-love/create', REQUESTS, CONCURRENCY, async (i) => {
      const res = await post(members[i % 20]!.token, { modelId: models[i % 5]!.user.id, amount: 1.5, idempotencyKey: randomUUID() });
      return res.status === 201;
    }),
  );

  const check = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
  console.log(`ledger check after the run: ${check.body.data.ok ? 'clean' : 'NOT CLEAN'}; RSS after ${rssMb()} MB`);
  await app.close();
}

void main();
