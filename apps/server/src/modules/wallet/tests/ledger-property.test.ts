import { and, eq, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { splitCommission } from '../commission';
import type { Ledger } from '../ledger.service';
import { ledgerOf } from './helpers';

/**
 * Random ledger work, some of it concurrent and some of it retried with the same key, checked after
 * every batch against the ledger's invariants and against a model of what should have happened.
 */
let app: TestApp;
let ledger: Ledger;
let adminId: string;
beforeAll(async () => {
  app = await createTestApp();
  ledger = ledgerOf(app);
  adminId = (await createAdmin(app)).user.id;
});
afterAll(() => app.close());

const MEMBERS = 3;
const MODELS = 2;
const DEFAULT_PERCENT = 20;

type Op =
  | { t: 'credit'; user: number; amount: number }
  | { t: 'charge'; user: number; amount: number }
  | { t: 'transfer'; payer: number; model: number; gross: number; percent: number | null; source: 'message' | 'item' | 'tip' | 'call' }
  | { t: 'refund'; pick: number }
  | { t: 'adjust'; user: number; amount: number };

const anyUser = fc.integer({ min: 0, max: MEMBERS + MODELS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('credit' as const), user: anyUser, amount: fc.integer({ min: 1, max: 5_000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('charge' as const), user: anyUser, amount: fc.integer({ min: 1, max: 3_000 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('transfer' as const),
      payer: anyUser,
      model: fc.integer({ min: MEMBERS, max: MEMBERS + MODELS - 1 }),
      gross: fc.integer({ min: 1, max: 3_000 }),
      percent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      source: fc.constantFrom('message' as const, 'item' as const, 'tip' as const, 'call' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('refund' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      user: anyUser,
      amount: fc.integer({ min: -3_000, max: 3_000 }).filter((n) => n !== 0),
    }),
  },
);
/** An operation and how many extra times it is sent with the same key (a retry or a double click). */
const stepArb = fc.record({
  op: opArb,
  repeats: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
});
const batchArb = fc.record({ concurrent: fc.boolean(), steps: fc.array(stepArb, { minLength: 6, maxLength: 14 }) });
const runArb = fc.array(batchArb, { minLength: 10, maxLength: 14 });

type Deltas = Map<string, number>;
let runNumber = 0;
let operations = 0;
const outcomes = { moved: 0, replayed: 0, insufficient: 0, alreadyRefunded: 0, refused: 0 };

it('keeps every invariant through 1,000+ random operations, concurrent and retried', { timeout: 180_000 }, async () => {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(runArb, async (batches) => {
      const run = ++runNumber;
      const users = [
        ...(await Promise.all(Array.from({ length: MEMBERS }, () => createMember(app)))),
        ...(await Promise.all(Array.from({ length: MODELS }, () => createModel(app)))),
      ].map((u) => u.user.id);
      const expected = new Map(users.map((id) => [id, 0]));
      const deltasOf = new Map<string, Deltas>();
      /** Net earned per model, and per transaction, by the rules written down independently. */
      const expectedEarnings = new Map<string, number>();
      const earnedBy = new Map<string, { modelId: string; net: number }>();
      const refundable: string[] = [];
      const transactionOfKey = new Map<string, string>();
      const movedKeys = new Set<string>();
      let step = 0;

      for (const batch of batches) {
        // Each step becomes 1 + repeats calls sharing one key; refunds pick their target now.
        const calls: { key: string; op: Op; refundOf?: string }[] = [];
        for (const { op, repeats } of batch.steps) {
          const key = `prop-${run}-${step++}`;
          const refundOf = op.t === 'refund' ? refundable[op.pick % Math.max(1, refundable.length)] : undefined;
          if (op.t === 'refund' && !refundOf) continue;
          for (let i = 0; i <= repeats; i++) calls.push({ key, op, ...(refundOf ? { refundOf } : {}) });
        }
        const execute = async (call: (typeof calls)[number]) => {
          operations++;
          try {
            const result = await perform(call.op, call.key, users, call.refundOf);
            // Every answer for one key names one transaction, and only one of them moved tokens. (In a
            // concurrent batch a replay may come back before the call that moved, so order is not checked.)
            const known = transactionOfKey.get(call.key);
            if (known) expect(result.transactionId).toBe(known);
            transactionOfKey.set(call.key, result.transactionId);
            outcomes[result.replayed ? 'replayed' : 'moved']++;
            if (result.replayed) return;
            expect(movedKeys.has(call.key)).toBe(false);
            movedKeys.add(call.key);
            const deltas = deltasFor(call.op, users, call.refundOf ? deltasOf.get(call.refundOf) : undefined);
            deltasOf.set(result.transactionId, deltas);
            for (const [userId, amount] of deltas) expected.set(userId, expected.get(userId)! + amount);
            if (call.op.t !== 'refund') refundable.push(result.transactionId);
            const earned =
              call.op.t === 'transfer'
                ? { modelId: users[call.op.model]!, net: splitCommission(call.op.gross, call.op.percent ?? DEFAULT_PERCENT).net }
                : call.refundOf && earnedBy.get(call.refundOf)
                  ? { modelId: earnedBy.get(call.refundOf)!.modelId, net: -earnedBy.get(call.refundOf)!.net }
                  : undefined;
            if (earned) {
              earnedBy.set(result.transactionId, earned);
              expectedEarnings.set(earned.modelId, (expectedEarnings.get(earned.modelId) ?? 0) + earned.net);
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const allowed =
              error.status === 402 ||
              (call.op.t === 'refund' && error.status === 409) ||
              (call.op.t === 'transfer' && users[call.op.payer] === users[call.op.model] && error.status === 422);
            if (!allowed) throw error;
            outcomes[error.status === 402 ? 'insufficient' : error.status === 409 ? 'alreadyRefunded' : 'refused']++;
          }
        };
        if (batch.concurrent) await Promise.all(calls.map(execute));
        else for (const call of calls) await execute(call);

        await assertInvariants(users, expected, expectedEarnings);
      }
    }),
    { numRuns: 8, endOnFailure: true },
  );
  const seconds = (performance.now() - started) / 1000;
  console.info(`[wallet] property test on ${app.ctx.database.kind}: ${operations} operations in ${seconds.toFixed(1)} s`, outcomes);
  expect(operations).toBeGreaterThanOrEqual(1_000);
  // The mix really exercises every path: movements, retries, refusals for lack of tokens.
  expect(outcomes.moved).toBeGreaterThan(300);
  expect(outcomes.replayed).toBeGreaterThan(50);
  expect(outcomes.insufficient).toBeGreaterThan(50);
});

function perform(op: Op, idempotencyKey: string, users: string[], refundOf: string | undefined) {
  switch (op.t) {
    case 'credit':
      return ledger.creditCardPurchase({ userId: users[op.user]!, amount: op.amount, idempotencyKey, memo: 'Package' });
    case 'charge':
      return ledger.charge({ userId: users[op.user]!, amount: op.amount, kind: 'message', idempotencyKey, memo: 'Charge' });
    case 'transfer':
      return ledger.transferWithCommission({
        payerId: users[op.payer]!,
        modelId: users[op.model]!,
        gross: op.gross,
        source: op.source,
        idempotencyKey,
        memo: 'Transfer',
        ...(op.percent === null ? {} : { commissionPercent: op.percent }),
      });
    case 'refund':
      return ledger.refund({ transactionId: refundOf!, idempotencyKey, memo: 'Refund' });
    case 'adjust':
      return ledger.adjust({ userId: users[op.user]!, amount: op.amount, reason: 'Property test', adminId, idempotencyKey });
  }
}

/** What a successful operation does to the members' wallets, by the rules written down independently. */
function deltasFor(op: Op, users: string[], refunded: Deltas | undefined): Deltas {
  const deltas: Deltas = new Map();
  const add = (userId: string, amount: number) => deltas.set(userId, (deltas.get(userId) ?? 0) + amount);
  switch (op.t) {
    case 'credit':
    case 'adjust':
      add(users[op.user]!, op.amount);
      break;
    case 'charge':
      add(users[op.user]!, -op.amount);
      break;
    case 'transfer': {
      const { net } = splitCommission(op.gross, op.percent ?? DEFAULT_PERCENT);
      add(users[op.payer]!, -op.gross);
      add(users[op.model]!, net);
      break;
    }
    case 'refund':
      for (const [userId, amount] of refunded!) add(userId, -amount);
      break;
  }
  return deltas;
}

async function assertInvariants(users: string[], expected: Map<string, number>, expectedEarnings: Map<string, number>) {
  const db = app.ctx.db;
  // Every transaction sums to zero and every cached balance equals its entries.
  expect(await ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
  // No wallet anywhere below zero.
  expect(
    await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.allowNegative, false), lt(ledgerAccounts.balance, 0))),
  ).toEqual([]);
  // Balances are exactly what the successful operations imply.
  for (const userId of users) expect(await ledger.balanceOf(userId)).toBe(expected.get(userId));
  // A model's earnings equal what the ledger credited them for sales (and took back for their refunds)…
  for (const modelId of users.slice(MEMBERS)) {
    const [fromEarnings] = await db
      .select({ net: sql`coalesce(sum(${earnings.net}), 0)`.mapWith(Number) })
      .from(earnings)
      .where(eq(earnings.modelId, modelId));
    const [fromLedger] = await db
      .select({ credited: sql`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.kind, 'member_wallet'),
          eq(ledgerAccounts.userId, modelId),
          sql`exists (select 1 from ${earnings} where ${earnings.modelId} = ${modelId}
                and ${earnings.transactionId}::text in (${ledgerTransactions.id}::text, ${ledgerTransactions.metadata}->>'refundOf'))`,
        ),
      );
    expect(fromEarnings!.net).toBe(fromLedger!.credited);
    // …and what the successful operations imply.
    expect(fromEarnings!.net).toBe(expectedEarnings.get(modelId) ?? 0);
  }
  const badSplits = await db
    .select({ id: earnings.id })
    .from(earnings)
    .where(sql`${earnings.gross} <> ${earnings.commission} + ${earnings.net}`);
  expect(badSplits).toEqual([]);
}
