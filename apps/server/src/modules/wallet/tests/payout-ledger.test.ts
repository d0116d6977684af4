import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createAdmin, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import type { Ledger } from '../ledger.service';
import { fund, ledgerOf } from './helpers';

let app: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  app = await createTestApp();
  ledger = ledgerOf(app);
});
afterAll(() => app.close());

/** Hundredths in one of the site's accounts, and whether it may go negative. */
async function site(kind: 'payouts_pending' | 'payouts_paid') {
  const [row] = await app.ctx.db
    .select({ balance: ledgerAccounts.balance, allowNegative: ledgerAccounts.allowNegative })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
  return row ?? { balance: 0, allowNegative: false };
}

/** A transaction's kind, memo, author and entries (account kind and signed amount). */
async function transaction(id: string) {
  const [tx] = await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  const entries = await app.ctx.db
    .select({ kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, id));
  return { kind: tx!.kind, createdBy: tx!.createdBy, entries: entries.sort((a, b) => a.amount - b.amount) };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const expectClean = async () => expect(await ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });

describe('holding a payout', () => {
  it('moves the tokens from the wallet to payouts pending, in one balanced payout transaction', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 50_000);
    const pending = (await site('payouts_pending')).balance;

    const held = await ledger.holdPayout({ userId: user.id, amount: 15_000, idempotencyKey: randomUUID(), memo: 'Payout request' });
    expect(held).toEqual({
      transactionId: expect.any(String),
      replayed: false,
      userIds: [user.id],
      balances: { [user.id]: 35_000 },
      versions: { [user.id]: expect.any(Number) },
    });
    expect(await transaction(held.transactionId)).toEqual({
      kind: 'payout',
      createdBy: null,
      entries: [
        { kind: 'member_wallet', userId: user.id, amount: -15_000 },
        { kind: 'payouts_pending', userId: null, amount: 15_000 },
      ],
    });
    expect((await site('payouts_pending')).balance).toBe(pending + 15_000);
    await expectClean();
  });

  it('happens once per key: a retry answers the first transaction and moves nothing', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 50_000);
    const input = { userId: user.id, amount: 10_000, idempotencyKey: randomUUID(), memo: 'Payout request' };
    const first = await ledger.holdPayout(input);
    const again = await ledger.holdPayout(input);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, userIds: [], balances: {}, versions: {} });
    expect(await ledger.balanceOf(user.id)).toBe(40_000);
  });

  it('cannot overdraw: 402, and nothing is written', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 9_999);
    const pending = (await site('payouts_pending')).balance;
    const idempotencyKey = randomUUID();
    const error = await failure(ledger.holdPayout({ userId: user.id, amount: 10_000, idempotencyKey, memo: 'Payout request' }));
    expect([error.status, error.code, error.message]).toEqual([
      402,
      'INSUFFICIENT_TOKENS',
      'You have 99.99 tokens, so a payout of 100.00 tokens is not possible.',
    ]);
    expect(await ledger.balanceOf(user.id)).toBe(9_999);
    expect((await site('payouts_pending')).balance).toBe(pending);
    expect(await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))).toEqual([]);
  });

  it('under concurrent holds, never takes more than the balance', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 25_000);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        ledger.holdPayout({ userId: user.id, amount: 10_000, idempotencyKey: randomUUID(), memo: 'Payout request' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('INSUFFICIENT_TOKENS');
    expect(await ledger.balanceOf(user.id)).toBe(5_000);
    await expectClean();
  });
});

describe('releasing and settling', () => {
  it('a rejection gives the held tokens back to the wallet (payout_refund), naming the administrator', async () => {
    const { user } = await createModel(app);
    const admin = await createAdmin(app);
    await fund(app, user.id, 20_000);
    await ledger.holdPayout({ userId: user.id, amount: 20_000, idempotencyKey: randomUUID(), memo: 'Payout request' });
    const pending = (await site('payouts_pending')).balance;

    const released = await ledger.releasePayout({
      userId: user.id,
      amount: 20_000,
      idempotencyKey: randomUUID(),
      memo: 'Payout rejected',
      createdBy: admin.user.id,
    });
    expect(released.balances).toEqual({ [user.id]: 20_000 });
    expect(await transaction(released.transactionId)).toEqual({
      kind: 'payout_refund',
      createdBy: admin.user.id,
      entries: [
        { kind: 'payouts_pending', userId: null, amount: -20_000 },
        { kind: 'member_wallet', userId: user.id, amount: 20_000 },
      ],
    });
    expect((await site('payouts_pending')).balance).toBe(pending - 20_000);
    await expectClean();
  });

  it('marking paid moves the held tokens to payouts paid (payout_paid); no wallet changes', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 30_000);
    await ledger.holdPayout({ userId: user.id, amount: 12_345, idempotencyKey: randomUUID(), memo: 'Payout request' });
    const [pending, paid] = [(await site('payouts_pending')).balance, (await site('payouts_paid')).balance];

    const settled = await ledger.settlePayout({ amount: 12_345, idempotencyKey: randomUUID(), memo: 'Payout paid' });
    expect(settled).toEqual({ transactionId: expect.any(String), replayed: false, userIds: [], balances: {}, versions: {} });
    expect(await transaction(settled.transactionId)).toEqual({
      kind: 'payout_paid',
      createdBy: null,
      entries: [
        { kind: 'payouts_pending', userId: null, amount: -12_345 },
        { kind: 'payouts_paid', userId: null, amount: 12_345 },
      ],
    });
    expect((await site('payouts_pending')).balance).toBe(pending - 12_345);
    expect((await site('payouts_paid')).balance).toBe(paid + 12_345);
    expect(await ledger.balanceOf(user.id)).toBe(17_655);
    await expectClean();
  });

  it('payouts paid is a site account that may never go negative, and neither may payouts pending', async () => {
    expect(await site('payouts_paid')).toMatchObject({ allowNegative: false });
    expect(await site('payouts_pending')).toMatchObject({ allowNegative: false });
    const pending = (await site('payouts_pending')).balance;
    const error = await failure(ledger.settlePayout({ amount: pending + 1, idempotencyKey: randomUUID(), memo: 'Too much' }));
    expect([error.status, error.code]).toEqual([402, 'INSUFFICIENT_TOKENS']);
    expect((await site('payouts_pending')).balance).toBe(pending);
  });

  it('joins the caller’s transaction: rolled back with it, announcing nothing', async () => {
    const { user } = await createModel(app);
    await fund(app, user.id, 10_000);
    const idempotencyKey = randomUUID();
    await expect(
      app.ctx.db.transaction(async (tx) => {
        await ledger.holdPayout({ userId: user.id, amount: 10_000, idempotencyKey, memo: 'Payout request' }, tx);
        throw new Error('the request row could not be written');
      }),
    ).rejects.toThrow('the request row could not be written');
    expect(await ledger.balanceOf(user.id)).toBe(10_000);
    expect(await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))).toEqual([]);
  });
});
