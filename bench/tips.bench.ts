/**
 * Paid actions through the ledger, over real HTTP (issue #11): members tip models with
 * POST /api/share-love/create (guarded debit, commission, earning row, live balance events).
 *
 * The load generator is this same file run as a child process (BENCH_TIPS_ROLE=load), so it does
 * not share the server's event loop (the pattern of bench/calls/charge.bench.ts). It measures, in
 * the same run: the HTTP floor (GET /api/health) and an authenticated read (GET /api/users/me),
 * closed loop; then two tip scenarios, each closed loop (the most it answers per second at 32 in
 * flight) followed by an open-loop ladder of fixed rates (latency counted from the instant each
 * request was due, bench/support/open-loop.ts):
 *   - spread:    every payer tips a model of their own, so the only row they share is the site's
 *                revenue (the shape of paid messages between many pairs);
 *   - one model: every payer tips the same model, whose wallet row is shared as well.
 * On PostgreSQL the load process also samples pg_stat_activity every 50 ms (state, wait event and,
 * for a lock wait, whose ledger account the waiter queues for), and the server counts the
 * statements of one free send, one paid send, one tip and one item purchase before the load. Afterwards it checks that
 * every tip answered 201 landed once, every balance is exact and the ledger check is clean.
 *
 *   npm run bench:tips                                           # embedded PGlite
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:tips
 *   BENCH_CPU_PROF=/tmp/tips.cpuprofile …   # V8 CPU profile of the server during the spread ceiling
 *   BENCH_STATEMENTS=1 …                    # list the statements counted per operation
 * Findings and the map for the next fixes: bench/PROFILE.md.
 *   BENCH_RATES=50,100 BENCH_PHASE_SECONDS=5 BENCH_PAYERS=50 …    # a quicker look
 */
import { benchServerConfig } from './support/server-config';
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import type * as factories from '../apps/server/src/test-support/factories';
import type { TestApp as BenchApp } from '../apps/server/src/test-support/harness';
import { openLoop, percentiles } from './support/open-loop';
import { profileIfAsked, type Profiling } from './support/profile';

const PAYERS = Number(process.env.BENCH_PAYERS ?? 200);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 8);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RATES = (process.env.BENCH_RATES ?? '50,100,200,300,400,600').split(',').map(Number);
/** 1.50 tokens a tip; at the default 20 % commission the site keeps 0.30 and the model 1.20. */
const TIP = 150;
const FUNDS_TOKENS = 100_000;

type Payer = { id: string; token: string };
type Plan = { base: string; databaseUrl: string | undefined; payers: Payer[]; ownModels: string[]; oneModel: string };
type Phase = {
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
  /** Filled in by the server process: its own CPU per answered request, and the whole machine's busy share. */
  serverCpuMs?: number;
  machineBusy?: number;
  /** pg_stat_activity: average number of the server's backends in each state per sample. */
  activity?: Record<string, number>;
  samples?: number;
};
type LoadReport = { phases: Phase[]; tipsByPayer: number[]; tipsByOwnModel: number[]; tipsToOneModel: number };
type ToServer =
  { kind: 'phase-start' | 'phase-end'; name: string } | { kind: 'report'; report: LoadReport } | { kind: 'error'; error: string };

// ---- the load generator (child process) ---------------------------------------------------------

async function loadMain(plan: Plan): Promise<LoadReport> {
  const { base, payers } = plan;
  const send = (message: ToServer) =>
    new Promise<void>((resolve) => {
      process.once('message', () => resolve());
      process.send!(message);
    });
  const sampler = plan.databaseUrl ? await activitySampler(plan.databaseUrl, new Set([...plan.ownModels, plan.oneModel])) : undefined;
  const phases: Phase[] = [];
  const measured = async (name: string, work: () => Promise<Omit<Phase, 'name'>>) => {
    await send({ kind: 'phase-start', name });
    sampler?.start();
    const phase = { name, ...(await work()), ...sampler?.stop() };
    await send({ kind: 'phase-end', name });
    phases.push(phase);
    return phase;
  };

  const tipsByPayer = payers.map(() => 0);
  const tipsByOwnModel = payers.map(() => 0);
  let tipsToOneModel = 0;
  const tip = async (payer: number, modelId: string) => {
    const res = await fetch(`${base}/api/share-love/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payers[payer]!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ modelId, amount: TIP / 100, idempotencyKey: crypto.randomUUID() }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) return false;
    tipsByPayer[payer]!++;
    if (modelId === plan.oneModel) tipsToOneModel++;
    else tipsByOwnModel[payer]!++;
    return true;
  };

  await measured('GET /api/health, closed loop', () => closedLoop(3, CONCURRENCY, async () => (await fetch(`${base}/api/health`)).ok));
  await measured('GET /api/users/me, closed loop', () =>
    closedLoop(5, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${payers[i % payers.length]!.token}` } });
      await res.arrayBuffer();
      return res.ok;
    }),
  );

  const scenarios = [
    ['spread', (i: number) => tip(i % payers.length, plan.ownModels[i % payers.length]!)],
    ['one model', (i: number) => tip(i % payers.length, plan.oneModel)],
  ] as const;
  for (const [scenario, one] of scenarios) {
    // Warm-up, unmeasured: JIT, prepared plans, every wallet (and revenue) row created.
    await closedLoop(2, 8, one);
    await measured(`tips, ${scenario}: closed loop at ${CONCURRENCY}`, () => closedLoop(CEILING_SECONDS, CONCURRENCY, one));
    for (const rate of RATES) {
      const phase = await measured(`tips, ${scenario}: open loop`, async () => {
        const r = await openLoop({ ratePerSecond: rate, seconds: PHASE_SECONDS, one });
        return { offered: rate, achieved: r.ok / r.seconds, ok: r.ok, failed: r.failed, dropped: r.dropped, ...percentiles(r.latencies) };
      });
      // Far past what it sustains: higher rates only queue longer.
      if (phase.p99 > 2000) break;
    }
  }
  await sampler?.close();
  return { phases, tipsByPayer, tipsByOwnModel, tipsToOneModel };
}

/** The most a path answers per second: `concurrency` requests always in flight for `seconds`. */
async function closedLoop(seconds: number, concurrency: number, one: (i: number) => Promise<boolean>): Promise<Omit<Phase, 'name'>> {
  const latencies: number[] = [];
  let [ok, failed, i] = [0, 0, 0];
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
  return { offered: null, achieved: ok / elapsed, ok, failed, dropped: 0, ...percentiles(latencies) };
}

/**
 * Samples pg_stat_activity every 50 ms from a connection of its own. The first waiter for a row
 * holds a heavyweight `tuple` lock on the version it wants while it waits for the holder's
 * transaction id, and the next ones wait for that tuple lock: the lock's page and item, joined to
 * `ledger_accounts.ctid`, name the row. A waiter woken because the row changed hands follows the
 * update chain and waits for the next holder without a tuple lock (PostgreSQL skips it there), so
 * its row is not named here; the server's own timing of each account update (`timeAccountUpdates`)
 * names every one.
 */
async function activitySampler(databaseUrl: string, modelIds: Set<string>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query = `
    select a.state, a.wait_event_type, a.wait_event, left(a.query, 40) as query, tup.kind, tup.user_id
    from pg_stat_activity a
    left join lateral (
      select acc.kind, acc.user_id from pg_locks l join ledger_accounts acc on acc.ctid = format('(%s,%s)', l.page, l.tuple)::tid
      where l.pid = a.pid and l.locktype = 'tuple' and l.relation = 'ledger_accounts'::regclass
      limit 1
    ) tup on true
    where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'`;
  let counts = new Map<string, number>();
  let samples = 0;
  let generation = 0;
  const sample = async () => {
    const { rows } = await client.query<{
      state: string | null;
      wait_event_type: string | null;
      wait_event: string | null;
      query: string;
      kind: string | null;
      user_id: string | null;
    }>(query);
    samples++;
    for (const row of rows) {
      let key: string;
      if (row.wait_event_type === 'Lock') {
        const target = !row.kind
          ? `row not named: ${row.query}`
          : row.kind !== 'member_wallet'
            ? `${row.kind} row`
            : modelIds.has(row.user_id!)
              ? "a model's wallet row"
              : "a payer's wallet row";
        key = `lock wait (${row.wait_event}) for ${target}`;
      } else if (row.state === 'active')
        key = row.wait_event ? `active, waiting ${row.wait_event_type}:${row.wait_event}` : 'active on CPU';
      else key = `${row.state}${row.wait_event ? ` (${row.wait_event})` : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  const loop = (mine: number) => setTimeout(() => void sample().finally(() => mine === generation && loop(mine)), 50);
  return {
    start() {
      counts = new Map();
      samples = 0;
      loop(++generation);
    },
    stop() {
      generation++;
      const activity = Object.fromEntries([...counts].map(([key, n]) => [key, n / Math.max(1, samples)]));
      return { activity, samples };
    },
    close: () => client.end(),
  };
}

// ---- the server (parent process) ----------------------------------------------------------------

async function serverMain() {
  const { createTestApp } = await import('../apps/server/src/test-support/harness');
  const { createAdmin, createMember, createModel, giveTokens } = await import('../apps/server/src/test-support/factories');
  const { sql } = await import('drizzle-orm');

  const app = await createTestApp({ config: benchServerConfig() });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const admin = await createAdmin(app);
  const rows = async <T>(query: ReturnType<typeof sql>) => (await app.ctx.db.execute(query)) as unknown as { rows: T[] };

  const payers: Payer[] = [];
  const ownModels: string[] = [];
  for (let i = 0; i < PAYERS; i++) {
    const [payer, model] = await Promise.all([createMember(app), createModel(app)]);
    await giveTokens(app, payer.user.id, FUNDS_TOKENS);
    payers.push({ id: payer.user.id, token: payer.token });
    ownModels.push(model.user.id);
  }
  const oneModel = (await createModel(app)).user.id;
  const databaseUrl = app.config.databaseUrl;
  console.log(
    `database: ${app.ctx.database.kind}; sockets: ${app.config.redisUrl ? 'Redis streams adapter' : 'in-process'}; ` +
      `${os.cpus().length} cores; ${PAYERS} payers; tips of ${(TIP / 100).toFixed(2)} tokens; RSS ${rssMb()} MB`,
  );

  if (databaseUrl) await countStatements(app, { createMember, createModel, giveTokens });
  else console.log('statements per operation: counted on PostgreSQL only');

  // The load generator: this file again, in a process of its own.
  const child = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_TIPS_ROLE: 'load' } });
  // The profile (BENCH_CPU_PROF) covers the closed-loop "spread" phase only.
  const PROFILED_PHASE = 'tips, spread: closed loop';
  let profile: Profiling | undefined;
  const marks = new Map<string, { cpu: NodeJS.CpuUsage; machine: ReturnType<typeof machineTimes>; at: number }>();
  const server: { serverCpuMs: number; machineBusy: number; ms: number; updates: Map<string, Timed> }[] = [];
  const updates = databaseUrl ? timeAccountUpdates() : undefined;
  const report = await new Promise<LoadReport>((resolve, reject) => {
    child.on('message', (message: ToServer) => {
      void (async () => {
        if (message.kind === 'report') return resolve(message.report);
        if (message.kind === 'error') return reject(new Error(message.error));
        const profiled = message.name.startsWith(PROFILED_PHASE);
        if (message.kind === 'phase-start') {
          if (profiled) profile = await profileIfAsked();
          updates?.take();
          marks.set(message.name, { cpu: process.cpuUsage(), machine: machineTimes(), at: performance.now() });
        } else {
          const mark = marks.get(message.name)!;
          const cpu = process.cpuUsage(mark.cpu);
          const machine = machineTimes();
          const busy = machine.busy - mark.machine.busy;
          server.push({
            serverCpuMs: (cpu.user + cpu.system) / 1000,
            machineBusy: busy / (busy + machine.idle - mark.machine.idle),
            ms: performance.now() - mark.at,
            updates: updates?.take() ?? new Map(),
          });
          if (profiled) await profile?.stop();
        }
        child.send({ ack: true });
      })();
    });
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send({ base, databaseUrl, payers, ownModels, oneModel } satisfies Plan);
  });
  report.phases.forEach((phase, i) => {
    const measured = server[i];
    if (measured) Object.assign(phase, { serverCpuMs: measured.serverCpuMs / Math.max(1, phase.ok), machineBusy: measured.machineBusy });
  });

  console.log(
    '\n' +
      [
        'phase'.padEnd(36),
        'offered/s',
        'achieved/s',
        '    ok',
        'failed',
        'dropped',
        '  p50 ms',
        '  p95 ms',
        '  p99 ms',
        '  max ms',
        'srv CPU ms/op',
        'machine busy',
      ].join(' '),
  );
  for (const p of report.phases) {
    console.log(
      [
        p.name.padEnd(36),
        String(p.offered ?? '–').padStart(9),
        p.achieved.toFixed(0).padStart(10),
        String(p.ok).padStart(6),
        String(p.failed).padStart(6),
        String(p.dropped).padStart(7),
        ...[p.p50, p.p95, p.p99, p.max].map((v) => v.toFixed(1).padStart(8)),
        (p.serverCpuMs ?? NaN).toFixed(2).padStart(13),
        `${((p.machineBusy ?? NaN) * 100).toFixed(0)} %`.padStart(12),
      ].join(' '),
    );
  }
  for (const scenario of ['spread', 'one model']) {
    const ladder = report.phases.filter((p) => p.name === `tips, ${scenario}: open loop`);
    const sustained = ladder.filter((p) => p.p99 < 100 && p.failed === 0 && p.dropped === 0).at(-1);
    console.log(
      `tips, ${scenario}: highest offered rate sustained (p99 < 100 ms, none failed or dropped): ${sustained?.offered ?? 'none'}/s`,
    );
  }
  updates?.restore();
  if (databaseUrl) {
    const accounts = await rows<{ id: string; kind: string; user_id: string | null }>(sql`select id, kind, user_id from ledger_accounts`);
    const models = new Set([...ownModels, oneModel]);
    const classOf = new Map(
      accounts.rows.map((a) => [
        a.id,
        a.kind !== 'member_wallet' ? `${a.kind} row` : models.has(a.user_id!) ? "model's wallet row" : "payer's wallet row",
      ]),
    );
    console.log(
      '\ntime inside statements changing balances (the movement statement, or `update ledger_accounts`), by account (driver side): ' +
        'requests inside one on average, statements, mean ms each',
    );
    report.phases.forEach((p, i) => {
      const measured = server[i];
      if (!measured || measured.updates.size === 0) return;
      const byClass = new Map<string, Timed>();
      for (const [id, t] of measured.updates) {
        const key = classOf.get(id);
        if (!key) continue;
        const into = byClass.get(key) ?? { ms: 0, n: 0 };
        byClass.set(key, { ms: into.ms + t.ms, n: into.n + t.n });
      }
      const parts = [...byClass]
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(([key, t]) => `${key} ${(t.ms / measured.ms).toFixed(2)} (${t.n}, ${(t.ms / t.n).toFixed(1)} ms)`);
      console.log(`  ${p.name}${p.offered ? ` ${p.offered}/s` : ''}: ${parts.join('; ')}`);
    });
    console.log('\npg_stat_activity, average backends per 50 ms sample (the pool holds at most 10):');
    for (const p of report.phases.filter((x) => x.activity)) {
      const parts = Object.entries(p.activity!)
        .sort(([, a], [, b]) => b - a)
        .map(([key, n]) => `${key} ${n.toFixed(2)}`);
      console.log(`  ${p.name}${p.offered ? ` ${p.offered}/s` : ''} (${p.samples} samples): ${parts.join('; ')}`);
    }
  }

  // Every tip answered 201 landed once, with exact balances, and nothing else moved.
  const answered = report.tipsByPayer.reduce((a, b) => a + b, 0);
  // The statement count above made a few sales of its own: tips are counted for the benchmark's models only.
  const benchModels = sql.join(
    [...ownModels, oneModel].map((id) => sql`${id}`),
    sql`, `,
  );
  const [tips] = (
    await rows<{ n: number; gross: number }>(
      sql`select count(*)::int as n, coalesce(sum(gross), 0)::bigint as gross from earnings where source = 'tip' and model_id in (${benchModels})`,
    )
  ).rows;
  const [commission] = (await rows<{ total: number }>(sql`select coalesce(sum(commission), 0)::bigint as total from earnings`)).rows;
  const [revenue] = (
    await rows<{ total: number }>(
      sql`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts where kind = 'platform_revenue'`,
    )
  ).rows;
  const wallets = new Map(
    (
      await rows<{ user_id: string; balance: number }>(sql`select user_id, balance from ledger_accounts where kind = 'member_wallet'`)
    ).rows.map((r) => [r.user_id, Number(r.balance)]),
  );
  const net = TIP - Math.floor((TIP * 20) / 100);
  let wrong = 0;
  payers.forEach((payer, i) => {
    if (wallets.get(payer.id) !== FUNDS_TOKENS * 100 - TIP * report.tipsByPayer[i]!) wrong++;
    if ((wallets.get(ownModels[i]!) ?? 0) !== net * report.tipsByOwnModel[i]!) wrong++;
  });
  if ((wallets.get(oneModel) ?? 0) !== net * report.tipsToOneModel) wrong++;
  const check = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
  const clean = check.status === 200 && (check.body as { data: { ok: boolean } }).data.ok;
  const landed = tips!.n === answered && Number(tips!.gross) === answered * TIP;
  // Every sale in this run wrote an earning row, so the site's revenue (summed over all its accounts) is their commission.
  const revenueExact = Number(revenue!.total) === Number(commission!.total);
  console.log(
    `\n${answered} tips answered 201, ${tips!.n} in the ledger; ${wrong} wallets off; platform revenue ${revenueExact ? 'exact' : 'WRONG'} ` +
      `(${(Number(revenue!.total) / 100).toFixed(2)} tokens); ledger check ${clean ? 'clean' : 'NOT CLEAN'}; RSS ${rssMb()} MB`,
  );
  await app.close();
  process.exit(landed && wrong === 0 && revenueExact && clean ? 0 : 1);
}

type Factories = typeof factories;

/**
 * Statements (each one round trip with node-postgres, which does not pipeline) of one free send,
 * one paid send, one tip and one item purchase, counted at the driver: those before the answer, and those the live
 * events run after it. Each is measured on its second run, once wallets and plans exist.
 */
async function countStatements(
  app: BenchApp,
  { createMember, createModel, giveTokens }: Pick<Factories, 'createMember' | 'createModel' | 'giveTokens'>,
) {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string };
    const text = typeof config === 'string' ? config : (config.text ?? `(prepared ${config.name})`);
    seen.push(text.replace(/\s+/g, ' ').slice(0, 110));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = patched as typeof original;
  const [sender, friend] = await Promise.all([createMember(app), createMember(app)]);
  const paidModel = await createModel(app, { tokenPerMessage: 100 });
  const tipModel = await createModel(app);
  await giveTokens(app, sender.user.id, 1000);
  const conversation = async (userId: string) =>
    (await app.request('POST', '/api/conversation', { token: sender.token, body: { userId } })).body.data._id as string;
  const [free, paid] = [await conversation(friend.user.id), await conversation(paidModel.user.id)];
  // Two items of 1.00 token (a buyer buys an item once): one for the warm-up run, one counted.
  const { samplePdf, upload } = await import('../apps/server/src/modules/media/tests/helpers');
  const seller = await createModel(app);
  const media = await upload(
    app,
    '/api/media/files',
    { name: 'guide.pdf', type: 'application/pdf', content: samplePdf() },
    { token: seller.token },
  );
  const items: string[] = [];
  for (const name of ['Statement item 1', 'Statement item 2']) {
    const res = await app.request('POST', '/api/sell-item', {
      token: seller.token,
      body: { mediaId: media.body.data._id, name, price: 1 },
    });
    items.push(res.body.data._id as string);
  }
  const operations: [string, () => Promise<{ status: number }>][] = [
    [
      'free send',
      () =>
        app.request('POST', '/api/messages', {
          token: sender.token,
          body: { conversationId: free, clientId: crypto.randomUUID(), type: 'text', text: 'hi' },
        }),
    ],
    [
      'paid send',
      () =>
        app.request('POST', '/api/messages', {
          token: sender.token,
          body: { conversationId: paid, clientId: crypto.randomUUID(), type: 'text', text: 'hi' },
        }),
    ],
    [
      'tip',
      () =>
        app.request('POST', '/api/share-love/create', {
          token: sender.token,
          body: { modelId: tipModel.user.id, amount: 1.5, idempotencyKey: crypto.randomUUID() },
        }),
    ],
    [
      'item purchase',
      () =>
        app.request('POST', '/api/purchase-item', {
          token: sender.token,
          body: { sellItemId: items.shift(), price: 1, idempotencyKey: crypto.randomUUID() },
        }),
    ],
  ];
  for (const [name, run] of operations) {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    seen.length = 0;
    const res = await run();
    const before = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    console.log(
      `statements for one ${name} (HTTP ${res.status}): ${before} before the answer + ${seen.length - before} after it (live events)`,
    );
    if (process.env.BENCH_STATEMENTS)
      for (const [i, text] of seen.entries()) console.log(`  ${String(i + 1).padStart(2)}${i === before ? '*' : ' '} ${text}`);
  }
  pg.Client.prototype.query = original;
}

type Timed = { ms: number; n: number };

/**
 * Times every statement that changes ledger balances at the driver, per account id it changes: the
 * movement statement (`with moves …`, which locks, checks and writes every account of a movement
 * at once, apps/server/src/modules/wallet/ledger.repository.ts) or, in older code, each
 * `update ledger_accounts`. Under contention that time is mostly the wait for the rows' locks, so
 * its sum over a phase divided by the phase's length is how many requests, on average, were inside
 * a statement changing that account. A movement statement counts once for each of its accounts.
 */
function timeAccountUpdates() {
  const original = pg.Client.prototype.query;
  let current = new Map<string, Timed>();
  const timed = function (this: pg.Client, ...args: unknown[]) {
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    // Drizzle calls query(config, params); a config may carry its own values.
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config.text;
    const trimmed = text?.trimStart();
    if ((trimmed?.startsWith('update "ledger_accounts"') || trimmed?.startsWith('with moves ')) && result instanceof Promise) {
      const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined) ?? [];
      // Every id among the parameters; those that are not accounts (a movement's payer and model
      // user ids) find no account when reported and are left out there.
      const ids = values.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/.test(v));
      const [started, into] = [performance.now(), current];
      result.then(
        () => {
          for (const id of ids) {
            const t = into.get(id) ?? { ms: 0, n: 0 };
            into.set(id, { ms: t.ms + performance.now() - started, n: t.n + 1 });
          }
        },
        () => undefined,
      );
    }
    return result;
  };
  pg.Client.prototype.query = timed as typeof original;
  return {
    take() {
      const taken = current;
      current = new Map();
      return taken;
    },
    restore: () => void (pg.Client.prototype.query = original),
  };
}

/** Per-core CPU times summed: busy and idle milliseconds since boot. */
function machineTimes() {
  let busy = 0;
  let idle = 0;
  for (const cpu of os.cpus()) {
    busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
    idle += cpu.times.idle;
  }
  return { busy, idle };
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

if (process.env.BENCH_TIPS_ROLE === 'load') {
  process.once('message', (plan: Plan) => {
    loadMain(plan).then(
      (report) => process.send!({ kind: 'report', report } satisfies ToServer, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ kind: 'error', error: String(error instanceof Error ? error.stack : error) } satisfies ToServer, () =>
          process.exit(1),
        ),
    );
  });
} else {
  void serverMain();
}
