/**
 * Paid actions with many payers and one model (issue #11: ≥ 25 % of ceiling (c)): 200 funded
 * members tip one model (POST /api/share-love/create) and buy its items (POST /api/purchase-item,
 * each buyer a different item of that model, so item row locks never meet: see `itemFor`), every
 * payer's and the model's socket open. Each is a ledger transfer with commission
 * (docs/decisions/0005-ledger.md), so every one of them touches the model's wallet and the site's
 * revenue account.
 *
 * The load generator (bench/paid/paid-load.ts) runs in its own process and climbs the suite's
 * open-loop ladder (bench/support/ladder.ts) for each path, as the message scenarios do; this
 * process is the server (buildApp through the test harness, fresh database: PostgreSQL + Redis when
 * DATABASE_URL / REDIS_URL are set, else PGlite) and reports its own CPU per step. Afterwards it
 * checks that every tip and purchase answered 201 is in the ledger exactly once (found by its
 * idempotency key), a failed one at most once, each with its earning row (and purchase row), that
 * each payer was debited exactly 1.00 per stored payment, that the model's wallet holds exactly the
 * nets of its earnings, and that `ledger.check()` is clean. It writes its section of RESULTS.md.
 *
 *   node --import tsx bench/paid/tips-and-items.bench.ts
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… node --import tsx bench/paid/tips-and-items.bench.ts
 *   BENCH_STEP_SECONDS=8 (default)
 *   BENCH_CPU_PROF=/tmp/paid.cpuprofile …   # V8 CPU profile of the server over both ladders
 */
import { benchServerConfig } from '../support/server-config';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tokensToHundredths } from '@cc/contracts';
import { samplePdf, upload } from '../../apps/server/src/modules/media/tests/helpers';
import { createAdmin, createMember, createModel, giveTokens } from '../../apps/server/src/test-support/factories';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/harness';
import { at1000Cell, cpuAtSustained, ladderTable, type LadderResult } from '../support/ladder';
import { runGenerator } from '../support/loadgen';
import { profileIfAsked } from '../support/profile';
import { databaseLabel, readValue, sectionName, writeSection, type OverviewRow } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { PaidPlan, PaidReport } from './paid-load';

const PAYERS = 200;
/** At least PAYERS, so purchases in flight together lock different items; 500 allow 100,000 purchases. */
const ITEMS = 500;
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 8);
const FUNDS = 100_000; // tokens per payer: far more than two ladders spend
const PRICE = 1; // tokens per tip and per item

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function rows<T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One text[] parameter, however many keys (a list of parameters stops at 65,535). */
const keyArray = (keys: string[]) => sql`string_to_array(${keys.join(',')}, ',')`;

/**
 * The ledger transactions (with their earning and, for items, purchase rows) that these request
 * keys made: tips keep the key in the transaction's idempotency key (`tip:<payer>:<key>`),
 * purchases in its metadata (`requestKey`).
 */
async function stored(app: TestApp, kind: 'tip' | 'item', keys: string[]) {
  const key = kind === 'tip' ? sql`split_part(t.idempotency_key, ':', 3)` : sql`t.metadata->>'requestKey'`;
  const [found] = await rows<{ n: number; keys: number; earnings: number; purchases: number }>(
    app,
    sql`select count(*)::int as n, count(distinct ${key})::int as keys,
               count(e.id)::int as earnings, count(p.id)::int as purchases
          from ledger_transactions t
          left join earnings e on e.transaction_id = t.id
          left join purchase_items p on p.transaction_id = t.id
         where t.kind = ${kind} and ${key} = any(${keyArray(keys)})`,
  );
  return found!;
}

async function main() {
  const app = await createTestApp({ config: benchServerConfig() });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const preparing = performance.now();
  await createAdmin(app);

  // One model selling ITEMS items at 1.00 token, all backed by one uploaded file.
  const model = await createModel(app, { name: 'Bench Model' });
  const uploaded = await upload(
    app,
    '/api/media/files',
    { name: 'guide.pdf', type: 'application/pdf', content: samplePdf() },
    { token: model.token },
  );
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const items = await inBatches(
    Array.from({ length: ITEMS }, (_, i) => i),
    20,
    async (i) => {
      const res = await app.request('POST', '/api/sell-item', {
        token: model.token,
        body: { mediaId: uploaded.body.data._id, name: `Bench item ${i + 1}`, price: PRICE },
      });
      if (res.status !== 201) throw new Error(`sell-item failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data._id as string;
    },
  );
  const payers = await inBatches(Array.from({ length: PAYERS }), 20, () => createMember(app));
  await inBatches(payers, 20, (p) => giveTokens(app, p.user.id, FUNDS));
  const database = databaseLabel();
  console.log(
    `tips and purchases on ${database}; ${PAYERS} payers, 1 model, ${ITEMS} items ready in ${((performance.now() - preparing) / 1000).toFixed(1)} s`,
  );

  const profile = await profileIfAsked('tips-and-items');
  const report = await runGenerator<PaidPlan, PaidReport>(path.join(import.meta.dirname, 'paid-load.ts'), {
    base,
    payerTokens: payers.map((p) => p.token),
    model: { id: model.user.id, token: model.token },
    items,
    price: PRICE,
    stepSeconds: STEP_SECONDS,
    startAt: 50,
  });
  await profile.stop();

  // Every accepted payment stored exactly once with its rows; a failed one at most once.
  const problems: string[] = [];
  const checks: string[] = [];
  for (const [kind, ladder] of [
    ['tip', report.tips],
    ['item', report.items],
  ] as const) {
    const accepted = await stored(app, kind, ladder.acceptedIds);
    const failed = await stored(app, kind, ladder.failedIds);
    const extra = kind === 'item' ? accepted.purchases : accepted.earnings;
    const once =
      accepted.n === ladder.acceptedIds.length &&
      accepted.keys === accepted.n &&
      accepted.earnings === accepted.n &&
      extra === accepted.n &&
      failed.keys === failed.n;
    if (!once) problems.push(`${kind}s: ledger rows do not match the accepted requests`);
    const name = kind === 'tip' ? 'tips' : 'purchases';
    checks.push(
      `${ladder.acceptedIds.length.toLocaleString('en-US')} ${name} answered 201 → ${accepted.n.toLocaleString('en-US')} ledger transactions for their keys ` +
        `(${accepted.keys.toLocaleString('en-US')} distinct), ${accepted.earnings.toLocaleString('en-US')} earnings` +
        (kind === 'item' ? `, ${accepted.purchases.toLocaleString('en-US')} purchase rows` : '') +
        `; ${ladder.failedIds.length.toLocaleString('en-US')} not answered 201 → ${failed.n} transactions`,
    );
  }
  const [purchaseRows] = await rows<{ n: number }>(app, sql`select count(*)::int as n from purchase_items`);
  // Each payer paid exactly what their stored payments cost: no double charge, nothing free.
  const paid = await rows<{ payer: string; gross: number }>(
    app,
    sql`select payer_id as payer, sum(gross)::int as gross from earnings where model_id = ${model.user.id} group by payer_id`,
  );
  const byPayer = new Map(paid.map((r) => [r.payer, r.gross]));
  let wrong = 0;
  for (const p of payers)
    if (tokensToHundredths(FUNDS) - (await app.ctx.ledger.balanceOf(p.user.id)) !== (byPayer.get(p.user.id) ?? 0)) wrong++;
  if (wrong > 0) problems.push(`${wrong} payers debited other than their stored payments`);
  checks.push(
    `${purchaseRows!.n.toLocaleString('en-US')} purchase rows in all`,
    `${wrong} of ${PAYERS} payers debited other than their stored payments`,
  );
  const [nets] = await rows<{ net: number }>(
    app,
    sql`select coalesce(sum(net), 0)::int as net from earnings where model_id = ${model.user.id}`,
  );
  const modelBalance = await app.ctx.ledger.balanceOf(model.user.id);
  if (modelBalance !== nets!.net) problems.push("the model's wallet differs from its earnings' nets");
  checks.push(`the model's wallet ${modelBalance === nets!.net ? 'equals' : 'DIFFERS FROM'} the sum of its earnings' nets`);
  const ledger = await app.ctx.ledger.check();
  if (!ledger.ok) problems.push('ledger check not clean');
  checks.push(`ledger.check() ${ledger.ok ? 'clean' : 'NOT CLEAN'}`);

  const versions = await softwareVersions();
  await app.close();

  const ceiling = readValue('ceiling.relayInsert');
  const ofCeiling = (ladder: LadderResult) =>
    ceiling && ladder.sustained !== null ? `${((100 * ladder.sustained) / ceiling).toFixed(1)} %` : undefined;
  const sustained = (ladder: LadderResult) =>
    ladder.sustained === null ? 'none (every step failed)' : `${ladder.sustained.toLocaleString('en-US')}/s`;
  const summary = (label: string, ladder: LadderResult) =>
    `**${label}: sustained ${sustained(ladder)}**` +
    (ceiling
      ? ` — ${ofCeiling(ladder) ?? '0 %'} of ceiling (c) (${ceiling.toLocaleString('en-US')}/s in this run's block; target ≥ 25 %).`
      : '.') +
    ` At 1,000/s: ${at1000Cell(ladder)}. Server CPU at the sustained rate: ${cpuAtSustained(ladder)} per operation.`;
  const markdown = [
    `### Tips and item purchases, 200 payers → one model — ${database} (\`paid-tips-items\`, bench/paid/tips-and-items.bench.ts)`,
    '',
    `The real server (buildApp through the test harness, fresh database, rate limits raised). ${PAYERS} funded members and one model`,
    `selling ${ITEMS} items at ${PRICE}.00 token, all online (${report.sockets} websocket clients, connected in ${report.connectSeconds.toFixed(1)} s).`,
    `Payers post over a keep-alive agent (up to ${PAYERS} connections); an operation is done when its 201 arrives. Tips: \`POST /api/share-love/create\``,
    `of ${PRICE}.00 token, payer n mod ${PAYERS}. Purchases: \`POST /api/purchase-item\`, purchase n by buyer n mod ${PAYERS} of item (buyer + ⌊n / ${PAYERS}⌋) mod ${ITEMS},`,
    `so purchases in flight together lock different items and none is refused as already bought. Steps of ${STEP_SECONDS} s after a 3 s warm-up at 20/s.`,
    '',
    summary('Tips', report.tips),
    '',
    ladderTable(report.tips),
    '',
    summary('Purchases', report.items),
    '',
    ladderTable(report.items),
    '',
    `Verified afterwards: ${checks.join('; ')}.${problems.length > 0 ? ` **Broken: ${problems.join('; ')}.**` : ''}`,
  ].join('\n');
  const row = (kind: string, what: string, ladder: LadderResult): OverviewRow => {
    const share = ofCeiling(ladder);
    return {
      key: sectionName(`paid-${kind}`),
      what,
      database,
      ...(ladder.sustained !== null ? { sustained: ladder.sustained } : {}),
      at1000: at1000Cell(ladder),
      cpuPerOp: cpuAtSustained(ladder),
      ...(share ? { ofCeiling: share } : {}),
      note: problems.length > 0 ? `BROKEN: ${problems.join('; ')}` : 'stored once each, payers debited exactly, ledger clean',
    };
  };
  writeSection(sectionName('paid-tips-items'), markdown, {
    meta: versions,
    rows: [
      row('tips', 'tips: POST /api/share-love/create, 200 payers → 1 model', report.tips),
      row('items', 'item purchases: POST /api/purchase-item, 200 buyers → 1 model', report.items),
    ],
  });
  console.log(markdown);
  process.exit(problems.length === 0 ? 0 : 1);
}

void main();
