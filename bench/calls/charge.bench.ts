/**
 * The call charge path with many calls in progress (issue #9): 1,000 members each on a connected
 * call with their own model, every party's socket open, while
 *  - the load generator (bench/calls/charge-load.ts, its own process) calls
 *    POST /masked-call/charge/{id} open loop at fixed rates, after measuring the ceilings of this
 *    machine in the same run (GET /api/health and the charge path itself, closed loop), and
 *  - this process runs the server's own call jobs once a second (billing and timeouts), timing each.
 * Afterwards it checks every call was charged exactly the minutes its connected time made due
 * (minute 1 at 5 s, minute k at 60·(k−1)+1 s), once each, and that the ledger is clean.
 *
 *   npm run bench:calls                       # embedded PGlite
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:calls
 *   BENCH_CALLS=200 BENCH_PHASE_SECONDS=10 npm run bench:calls   # a quicker look
 */
import { benchServerConfig } from '../support/server-config';
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inArray, like, sql } from 'drizzle-orm';
import { billingSecondForMinute } from '@cc/contracts';
import { calls, ledgerTransactions } from '../../apps/server/src/db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../../apps/server/src/test-support/factories';
import { createTestApp } from '../../apps/server/src/test-support/harness';
import { ms, P99_LIMIT_MS } from '../support/ladder';
import { percentiles } from '../support/open-loop';
import { databaseLabel, sectionName, writeSection } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { LoadPlan, LoadReport, Phase } from './charge-load';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 20);
const FRACTIONS = [0.25, 0.5, 0.8];
/** Each call's page asks for its charge once a minute. */
const PAGE_RATE = Math.max(1, Math.round(CALLS / 60));
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

/** Minutes a call connected for this long owes: every k whose billing second has passed. */
function minutesDue(connectedMs: number) {
  let minutes = 0;
  while (billingSecondForMinute(minutes + 1) * 1000 <= connectedMs) minutes++;
  return minutes;
}

async function main() {
  const app = await createTestApp({ config: benchServerConfig() });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const admin = await createAdmin(app);

  const pairs: LoadPlan['pairs'] = [];
  for (let i = 0; i < CALLS; i++) {
    const [caller, model] = await Promise.all([createMember(app), createModel(app, { callAvailable: true, callRate: 200 })]);
    await giveTokens(app, caller.user.id, 100);
    pairs.push({ callerToken: caller.token, modelToken: model.token, modelId: model.user.id });
  }
  const rssBefore = rssMb();
  console.log(
    `database: ${app.ctx.database.kind}; sockets: ${process.env.REDIS_URL ? 'Redis streams adapter' : 'in-process'}; ${os.cpus().length} cores; ${CALLS} calls at 2.00 tokens/min; RSS ${rssBefore} MB`,
  );

  // The server's schedule, as jobs.start() runs it in production, but timed.
  const jobTimes = { billing: [] as number[], timeouts: [] as number[] };
  let charged = 0;
  let running = true;
  const jobLoop = (async () => {
    while (running) {
      const tick = performance.now();
      charged += (await app.runJob('calls.billing')) as number;
      jobTimes.billing.push(performance.now() - tick);
      const t = performance.now();
      await app.runJob('calls.timeouts');
      jobTimes.timeouts.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - tick))));
    }
  })();

  const child = fork(path.join(import.meta.dirname, 'charge-load.ts'), [], { execArgv: ['--import', 'tsx'] });
  const plan: LoadPlan = { base, pairs, phaseSeconds: PHASE_SECONDS, pageRate: PAGE_RATE, fractions: FRACTIONS };
  const outcome = await new Promise<{ report?: LoadReport; error?: string }>((resolve) => {
    child.once('message', (message) => resolve(message as { report?: LoadReport; error?: string }));
    child.send(plan);
  });
  running = false;
  await jobLoop;
  if (!outcome.report) throw new Error(`load generator failed: ${outcome.error}`);
  const report = outcome.report;

  console.log(
    `placed and answered ${report.callIds.length} calls in ${report.placeSeconds.toFixed(1)} s; ${report.socketsOpened} sockets open`,
  );
  console.log('phase'.padEnd(44), 'offered/s', 'achieved/s', '    ok', 'failed', 'dropped', '  p50 ms', '  p95 ms', '  p99 ms', '  max ms');
  for (const p of report.phases) {
    console.log(
      p.name.padEnd(44),
      String(p.offered ?? '–').padStart(9),
      p.achieved.toFixed(0).padStart(10),
      String(p.ok).padStart(6),
      String(p.failed).padStart(6),
      String(p.dropped).padStart(7),
      ...[p.p50, p.p95, p.p99, p.max].map((v) => v.toFixed(1).padStart(8)),
    );
  }
  for (const [name, times] of Object.entries(jobTimes)) {
    const q = percentiles(times);
    console.log(
      `job calls.${name}: ${times.length} runs, p50 ${q.p50.toFixed(1)} ms, p99 ${q.p99.toFixed(1)} ms, max ${q.max.toFixed(1)} ms`,
    );
  }
  console.log(`minutes charged by the job (not by the endpoint): ${charged}`);

  // Every call owes exactly the minutes its connected time made due, and paid each once.
  const rows = await app.ctx.db.select().from(calls).where(inArray(calls.id, report.callIds));
  let wrong = 0;
  let minutes = 0;
  for (const row of rows) {
    const owed = minutesDue(row.endedAt!.getTime() - row.connectedAt!.getTime());
    if (row.minutesCharged !== owed || row.status !== 'ended') wrong++;
    minutes += row.minutesCharged;
  }
  const [{ count: entries } = { count: 0 }] = await app.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, 'call:%'));
  const check = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
  const clean = check.status === 200 && (check.body as { data: { ok: boolean } }).data.ok;
  const ok = wrong === 0 && entries === minutes && clean;
  const verified = `${rows.length.toLocaleString('en-US')} calls ended; ${wrong} charged other than their due minutes; ${minutes.toLocaleString('en-US')} minutes charged, ${entries.toLocaleString('en-US')} call transactions in the ledger; ledger check ${clean ? 'clean' : 'NOT CLEAN'}`;
  const rss = `${rssBefore} → ${rssMb()} MB`;
  console.log(`${verified}; RSS ${rss}`);
  const versions = await softwareVersions();
  await app.close();
  writeReport({ report, jobTimes, charged, verified, ok, rss, versions });
  process.exit(ok ? 0 : 1);
}

/** This run's section of bench/RESULTS.md, and its line in the block's overview. */
function writeReport(r: {
  report: LoadReport;
  jobTimes: Record<string, number[]>;
  charged: number;
  verified: string;
  ok: boolean;
  rss: string;
  versions: Record<string, string>;
}) {
  const database = databaseLabel();
  const offered = r.report.phases.filter((p) => p.offered !== null);
  const held = (p: Phase) => p.p99 < P99_LIMIT_MS && p.failed === 0 && p.dropped === 0;
  // Rates rise phase by phase: sustained is the last rate before the first that did not hold.
  const firstMiss = offered.findIndex((p) => !held(p));
  const sustained = (firstMiss < 0 ? offered : offered.slice(0, firstMiss)).at(-1)?.offered ?? undefined;
  const pages = offered[0]!;
  const billing = percentiles(r.jobTimes.billing ?? []);
  const table = [
    '| phase | offered /s | achieved /s | ok | failed | dropped | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.report.phases.map(
      (p) =>
        `| ${p.name} | ${p.offered ?? '–'} | ${Math.round(p.achieved).toLocaleString('en-US')} | ${p.ok.toLocaleString('en-US')} | ${p.failed} | ${p.dropped} | ${[p.p50, p.p95, p.p99, p.max].map(ms).join(' | ')} |`,
    ),
  ];
  const markdown = [
    `### The call charge path with ${CALLS.toLocaleString('en-US')} calls in progress — ${database} (\`calls\`, bench/calls/charge.bench.ts)`,
    '',
    `${CALLS.toLocaleString('en-US')} members each on a connected call with their own model (2.00 tokens/min), all ${r.report.socketsOpened.toLocaleString('en-US')} parties' sockets`,
    `open, placed and answered in ${r.report.placeSeconds.toFixed(1)} s. The load generator (bench/calls/charge-load.ts, its own process) measures the ceilings`,
    `closed loop at 32 in flight, then offers \`POST /api/masked-call/charge/{id}\` open loop for ${PHASE_SECONDS} s at each rate: first what the`,
    `calls' own pages ask (one request per call per minute), then fractions of the charge ceiling. Meanwhile the server process`,
    'runs its call jobs once a second (billing, timeouts) and times them. Minute 1 of every call falls due at 5 s, minute 2 at 61 s:',
    `the calls were placed within seconds of each other, so ${CALLS.toLocaleString('en-US')} minutes fall due together twice, and the phase that holds`,
    "the second burst shows its tail (the job's p99 is that burst; minute 1 falls in the ceiling phase).",
    '',
    `**At the pages' own rate (${pages.offered}/s): charge p99 ${ms(pages.p99)} ms** (target ≤ 10 ms). Billing job: ${billing.p50.toFixed(1)} ms p50, ${ms(billing.p99)} ms p99 over ${(r.jobTimes.billing ?? []).length} runs; ${r.charged.toLocaleString('en-US')} minutes charged by the job.`,
    '',
    ...table,
    '',
    `Verified afterwards: ${r.verified}. Server RSS ${r.rss}.${r.ok ? '' : ' **Broken.**'}`,
  ].join('\n');
  writeSection(sectionName('calls'), markdown, {
    meta: r.versions,
    rows: [
      {
        key: sectionName('calls'),
        what: `call charge: POST /api/masked-call/charge/{id}, ${CALLS.toLocaleString('en-US')} calls in progress`,
        database,
        ...(sustained !== undefined ? { sustained } : {}),
        note: `p99 ${ms(pages.p99)} ms at the pages' ${pages.offered}/s; ceiling ${Math.round(r.report.phases[1]!.achieved).toLocaleString('en-US')}/s; ${r.ok ? 'every minute charged once, ledger clean' : 'BROKEN'}`,
      },
    ],
  });
  console.log(markdown);
}

void main();
