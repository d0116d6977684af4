import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAccountCodeService } from '../../accounts';
import { fund, ledgerOf } from './helpers';

/**
 * A random day of the site — tips over HTTP, messages, calls and items through the ledger, refunds,
 * administrators' adjustments, commission changes, payouts requested, approved, paid and rejected —
 * then, for every model, what GET /earning lists (every page, the totals, the sums by source and by
 * day) must be exactly what the ledger credited her wallet in earning transactions, read from the
 * ledger's entries alone. Replay a failure with EARNINGS_SEED=<the printed seed>.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const SEED = Number(process.env.EARNINGS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STEPS = 160;
const SOURCES = ['message', 'item', 'tip', 'call'] as const;
type Source = (typeof SOURCES)[number];
type Row = { source: string; gross: number; commission: number; net: number };

/** mulberry32: small, seeded, the same sequence for the same seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}

/** What each model's earnings must be, read from the ledger only: her wallet's entries in earning transactions. */
async function earningsFromLedger(modelId: string): Promise<Row[]> {
  const t = ledgerTransactions;
  const original = sql<string | null>`(select o.kind from ledger_transactions o where o.id::text = ${t.metadata} ->> 'refundOf')`;
  const mine = await app.ctx.db
    .select({ transactionId: t.id, kind: t.kind, original, net: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(t, eq(t.id, ledgerEntries.transactionId))
    .where(sql`${ledgerAccounts.kind} = 'member_wallet' and ${ledgerAccounts.userId} = ${modelId}`);
  const earning = mine
    .map((m) => ({ ...m, source: m.kind === 'refund' ? m.original : m.kind }))
    .filter((m): m is typeof m & { source: Source } => SOURCES.includes(m.source as Source));
  if (earning.length === 0) return [];
  const legs = await app.ctx.db
    .select({
      transactionId: ledgerEntries.transactionId,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      inArray(
        ledgerEntries.transactionId,
        earning.map((e) => e.transactionId),
      ),
    );
  return earning.map(({ transactionId, source, net }) => {
    const own = legs.filter((l) => l.transactionId === transactionId);
    // The payer's wallet paid the gross (a refund gives it back); the site kept the commission.
    const gross = -own.filter((l) => l.kind === 'member_wallet' && l.userId !== modelId).reduce((s, l) => s + l.amount, 0);
    const commission = own.filter((l) => l.kind === 'platform_revenue').reduce((s, l) => s + l.amount, 0);
    return { source, gross: gross / 100, commission: commission / 100, net: net / 100 };
  });
}

const sortRows = (rows: Row[]) =>
  rows
    .map(({ source, gross, commission, net }) => ({ source, gross, commission, net }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const cents = (tokens: number) => Math.round(tokens * 100);
const sumOf = (rows: Row[]) => ({
  gross: rows.reduce((s, r) => s + cents(r.gross), 0) / 100,
  commission: rows.reduce((s, r) => s + cents(r.commission), 0) / 100,
  net: rows.reduce((s, r) => s + cents(r.net), 0) / 100,
});

it(`matches every model's earnings to the ledger after random work (seed ${SEED})`, { timeout: 120_000 }, async () => {
  const rnd = prng(SEED);
  try {
    const admin = await createAdmin(app);
    const codes = createAccountCodeService(app.ctx);
    await app.ctx.settings.update({ minPayoutTokens: 500 });
    const models = await Promise.all(Array.from({ length: 4 }, () => createModel(app)));
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(app)));
    for (const model of models)
      await app.request('POST', '/api/payout-account/', {
        token: model.token,
        body: { type: 'paypal', email: `${model.user.username}@pay.example` },
      });
    for (const member of members) await fund(app, member.user.id, 400_000);

    const sales: string[] = [];
    const requests: { id: string; amount: number; status: 'pending' | 'approved' | 'paid' | 'rejected' }[] = [];
    const tolerated = (error: unknown) => error instanceof AppError && ['INSUFFICIENT_TOKENS', 'ALREADY_REFUNDED'].includes(error.code);

    for (let step = 0; step < STEPS; step++) {
      const roll = rnd.next();
      const model = rnd.pick(models);
      const member = rnd.pick(members);
      if (roll < 0.25) {
        const amount = rnd.int(100, 3_000) / 100;
        const res = await app.request('POST', '/api/share-love/create', {
          token: member.token,
          body: { modelId: model.user.id, token: amount },
        });
        expect([201, 402], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 201) sales.push(res.body.data.transactionId);
      } else if (roll < 0.55) {
        const source = rnd.pick(['message', 'item', 'call'] as const);
        const paid = await ledgerOf(app)
          .transferWithCommission({
            payerId: member.user.id,
            modelId: model.user.id,
            gross: rnd.int(1, 5_000),
            source,
            idempotencyKey: randomUUID(),
            memo: source,
          })
          .catch((error: unknown) => (tolerated(error) ? null : Promise.reject(error)));
        if (paid) sales.push(paid.transactionId);
      } else if (roll < 0.63 && sales.length > 0) {
        await ledgerOf(app)
          .refund({ transactionId: rnd.pick(sales), idempotencyKey: randomUUID(), memo: 'Refund' })
          .catch((error: unknown) => (tolerated(error) ? null : Promise.reject(error)));
      } else if (roll < 0.67) {
        await ledgerOf(app)
          .adjust({
            userId: model.user.id,
            amount: rnd.int(-2_000, 2_000) || 1,
            reason: 'Random correction',
            adminId: admin.user.id,
            idempotencyKey: randomUUID(),
          })
          .catch((error: unknown) => (tolerated(error) ? null : Promise.reject(error)));
      } else if (roll < 0.7) {
        await app.ctx.settings.update({ siteCommission: rnd.pick([0, 10, 20, 35, 99]) });
      } else if (roll < 0.85) {
        const balance = await app.ctx.ledger.balanceOf(model.user.id);
        if (balance < 500) continue;
        const verifyCode = await codes.issue({ userId: model.user.id, purpose: 'account' });
        const res = await app.request('POST', '/api/payout-request', {
          token: model.token,
          body: { token: rnd.int(500, balance) / 100, verifyCode },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        requests.push({ id: res.body.data._id, amount: cents(res.body.data.token), status: 'pending' });
      } else {
        const open = requests.filter((r) => r.status === 'pending' || r.status === 'approved');
        if (open.length === 0) continue;
        const request = rnd.pick(open);
        const decision = request.status === 'approved' ? 'pay' : rnd.pick(['approve', 'reject'] as const);
        const res = await app.request('POST', `/api/admin/payout-requests/${request.id}/${decision}`, { token: admin.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        request.status = res.body.data.status;
      }
    }

    // Spread the sales over the 30 days shown, so the days' sums are not one day's. At most 28 days
    // and an hour back: the oldest day shown starts at 00:00 UTC 29 days ago, so a sale 29 days and
    // an hour back would fall outside it when the test runs in the hour after midnight UTC.
    const rows = await app.ctx.db.select({ id: earnings.id }).from(earnings);
    for (const { id } of rows) {
      const at = new Date(Date.now() - rnd.int(0, 28) * 86_400_000 - rnd.int(0, 3_600_000));
      await app.ctx.db.update(earnings).set({ createdAt: at }).where(eq(earnings.id, id));
    }

    for (const model of models) {
      const expected = await earningsFromLedger(model.user.id);
      const listed: Row[] = [];
      let first: { count: number; totals: unknown; bySource: Record<string, unknown>; byPeriod: Row[] } | undefined;
      for (let skip = 0; ; skip += 7) {
        const page = (await app.request('GET', `/api/earning?limit=7&skip=${skip}`, { token: model.token })).body.data;
        first ??= page;
        listed.push(...page.items);
        if (page.items.length < 7) break;
      }
      expect(sortRows(listed)).toEqual(sortRows(expected));
      expect(first!.count).toBe(expected.length);
      expect(first!.totals).toEqual(sumOf(expected));
      for (const source of SOURCES) expect(first!.bySource[source]).toEqual(sumOf(expected.filter((r) => r.source === source)));
      expect(sumOf(first!.byPeriod)).toEqual(sumOf(expected));
      expect(first!.byPeriod.reduce((n, p) => n + (p as unknown as { count: number }).count, 0)).toBe(expected.length);
      for (const source of SOURCES) {
        const filtered = (await app.request('GET', `/api/earning?source=${source}&limit=100`, { token: model.token })).body.data;
        expect(sortRows(filtered.items)).toEqual(sortRows(expected.filter((r) => r.source === source)));
      }
    }
    // Tokens of requests not yet decided either way wait in payouts pending; paid ones left for payouts paid.
    const site = async (kind: 'payouts_pending' | 'payouts_paid') =>
      (
        await app.ctx.db
          .select({ balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(sql`${ledgerAccounts.kind} = ${kind}`)
      )[0]?.balance ?? 0;
    const held = (statuses: string[]) => requests.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + r.amount, 0);
    expect(await site('payouts_pending')).toBe(held(['pending', 'approved']));
    expect(await site('payouts_paid')).toBe(held(['paid']));
    expect(await app.ctx.ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
  } catch (error) {
    console.error(`earnings-match-ledger failed with seed ${SEED}; replay with EARNINGS_SEED=${SEED}`);
    throw error;
  }
});
