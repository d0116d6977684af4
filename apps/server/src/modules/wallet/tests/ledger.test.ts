import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import type { Ledger, Transferred } from '../ledger.service';
import { fund, ledgerOf } from './helpers';

let app: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  app = await createTestApp();
  ledger = ledgerOf(app);
});
afterAll(() => app.close());

const key = () => randomUUID();
const entriesOf = (transactionId: string) =>
  app.ctx.db.select({ amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
/** The AppError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('card purchases and charges', () => {
  it('credits a wallet from card clearing and charges it to the site, each transaction summing to zero', async () => {
    const { user } = await createMember(app);
    const credit = await ledger.creditCardPurchase({
      userId: user.id,
      amount: 5_000,
      idempotencyKey: key(),
      memo: 'Package',
      metadata: { paymentId: 'p1' },
    });
    expect(credit).toEqual({
      transactionId: expect.any(String),
      replayed: false,
      userIds: [user.id],
      balances: { [user.id]: 5_000 },
      versions: { [user.id]: expect.any(Number) },
    });
    const charge = await ledger.charge({ userId: user.id, amount: 1_250, kind: 'item', idempotencyKey: key(), memo: 'Photo set' });
    expect(charge.balances).toEqual({ [user.id]: 3_750 });
    for (const { transactionId } of [credit, charge]) {
      const amounts = (await entriesOf(transactionId)).map((e) => e.amount);
      expect(amounts).toHaveLength(2);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
    }
    expect(await ledger.balanceOf(user.id)).toBe(3_750);
  });

  it('a replayed key does nothing and answers the first transaction', async () => {
    const { user } = await createMember(app);
    const idempotencyKey = key();
    const first = await ledger.creditCardPurchase({ userId: user.id, amount: 1_000, idempotencyKey, memo: 'Package' });
    const again = await ledger.creditCardPurchase({ userId: user.id, amount: 1_000, idempotencyKey, memo: 'Package' });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, userIds: [], balances: {}, versions: {} });
    expect(await ledger.balanceOf(user.id)).toBe(1_000);
  });

  it('refuses a key already used for a different kind of movement', async () => {
    const { user } = await createMember(app);
    const idempotencyKey = key();
    await ledger.creditCardPurchase({ userId: user.id, amount: 1_000, idempotencyKey, memo: 'Package' });
    const error = await failure(ledger.charge({ userId: user.id, amount: 100, kind: 'message', idempotencyKey, memo: 'Message' }));
    expect([error.status, error.code]).toEqual([409, 'CONFLICT']);
  });

  it('a member with no wallet yet has 0 and cannot be charged', async () => {
    const { user } = await createMember(app);
    expect(await ledger.balanceOf(user.id)).toBe(0);
    const error = await failure(ledger.charge({ userId: user.id, amount: 100, kind: 'message', idempotencyKey: key(), memo: 'Message' }));
    expect([error.status, error.code, error.message]).toEqual([402, 'INSUFFICIENT_TOKENS', 'You need 1.00 tokens for this but have 0.00.']);
    // What a client reads in `details` is tokens, like every amount on the wire.
    expect(error.details).toEqual({ needed: 1, balance: 0 });
  });

  it('refuses amounts that are not positive whole hundredths', async () => {
    const { user } = await createMember(app);
    for (const amount of [0, -100, 1.5, 100_000_001, Number.NaN]) {
      const error = await failure(ledger.creditCardPurchase({ userId: user.id, amount, idempotencyKey: key(), memo: 'x' }));
      expect(error.status).toBe(422);
    }
    expect(await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memo, 'x'))).toEqual([]);
  });
});

describe("inside a caller's transaction", () => {
  it('joins it: a rollback of the caller undoes the movement', async () => {
    const { user } = await createMember(app);
    await app.ctx.db
      .transaction(async (tx) => {
        await ledger.creditCardPurchase({ userId: user.id, amount: 700, idempotencyKey: key(), memo: 'Package' }, tx);
        throw new Error('the payment record failed');
      })
      .catch(() => undefined);
    expect(await ledger.balanceOf(user.id)).toBe(0);
  });

  it('a wallet first made in a transaction that rolled back is made again by the next movement', async () => {
    const { user } = await createMember(app);
    await app.ctx.db
      .transaction(async (tx) => {
        await ledger.creditCardPurchase({ userId: user.id, amount: 700, idempotencyKey: key(), memo: 'Package' }, tx);
        throw new Error('the payment record failed');
      })
      .catch(() => undefined);
    // The ledger remembers account ids; the one it saw made above never existed after the rollback.
    const credit = await ledger.creditCardPurchase({ userId: user.id, amount: 300, idempotencyKey: key(), memo: 'Package' });
    expect(credit.balances).toEqual({ [user.id]: 300 });
    expect(await ledger.balanceOf(user.id)).toBe(300);
    expect((await ledger.check()).ok).toBe(true);
  });

  it('publishes nothing until the caller announces after commit', async () => {
    const { user } = await createMember(app);
    const seen: string[][] = [];
    const stop = app.ctx.events.subscribe('wallet.changed', ({ userIds }) => void seen.push(userIds));
    const result = await app.ctx.db.transaction((tx) =>
      ledger.creditCardPurchase({ userId: user.id, amount: 700, idempotencyKey: key(), memo: 'Package' }, tx),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.filter((ids) => ids.includes(user.id))).toEqual([]);
    ledger.announce(result.userIds);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.filter((ids) => ids.includes(user.id))).toEqual([[user.id]]);
    stop();
  });

  it("a 402 the caller catches leaves nothing half-written, and the caller's transaction carries on", async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 100);
    const idempotencyKey = key();
    await app.ctx.db.transaction(async (tx) => {
      const error = await failure(
        ledger.transferWithCommission(
          { payerId: payer.user.id, modelId: model.user.id, gross: 500, source: 'message', idempotencyKey, memo: 'Message' },
          tx,
        ),
      );
      expect(error.status).toBe(402);
      await ledger.charge({ userId: payer.user.id, amount: 40, kind: 'message', idempotencyKey: key(), memo: 'Cheaper' }, tx);
    });
    expect(await ledger.balanceOf(payer.user.id)).toBe(60);
    // The refused movement never claimed its key: a later retry can still use it.
    expect(await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))).toEqual([]);
    expect((await ledger.check()).ok).toBe(true);
  });
});

describe('transfers with commission', () => {
  it('writes the earning with the split and uses an explicit percent when given', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 1_000);
    const result = await ledger.transferWithCommission({
      payerId: payer.user.id,
      modelId: model.user.id,
      gross: 333,
      source: 'call',
      idempotencyKey: key(),
      memo: 'Call',
      commissionPercent: 35,
    });
    expect(result).toMatchObject({ replayed: false, earningId: expect.any(String), commission: 116, net: 217 });
    expect(result.balances).toEqual({ [payer.user.id]: 667, [model.user.id]: 217 });
    const [earning] = await app.ctx.db.select().from(earnings).where(eq(earnings.id, result.earningId!));
    expect(earning).toMatchObject({ source: 'call', gross: 333, commission: 116, net: 217 });
  });

  it('a replay answers the same earning', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 1_000);
    const input = {
      payerId: payer.user.id,
      modelId: model.user.id,
      gross: 100,
      source: 'message' as const,
      idempotencyKey: key(),
      memo: 'Message',
    };
    const first = await ledger.transferWithCommission(input);
    const again = await ledger.transferWithCommission(input);
    expect(again).toMatchObject({
      replayed: true,
      transactionId: first.transactionId,
      earningId: first.earningId,
      commission: 20,
      net: 80,
    });
  });

  it('at 100 % the model gets nothing and no entry is written for them', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 500);
    const result = await ledger.transferWithCommission({
      payerId: payer.user.id,
      modelId: model.user.id,
      gross: 500,
      source: 'item',
      idempotencyKey: key(),
      memo: 'Item',
      commissionPercent: 100,
    });
    expect(await entriesOf(result.transactionId)).toHaveLength(2);
    expect(await ledger.balanceOf(model.user.id)).toBe(0);
  });

  it('refuses paying yourself', async () => {
    const model = await createModel(app);
    const error = await failure(
      ledger.transferWithCommission({
        payerId: model.user.id,
        modelId: model.user.id,
        gross: 100,
        source: 'tip',
        idempotencyKey: key(),
        memo: 'Tip',
      }),
    );
    expect(error.status).toBe(422);
  });
});

describe('transfers together', () => {
  const transfer = (payerId: string, modelId: string, gross: number, idempotencyKey = key()) => ({
    payerId,
    modelId,
    gross,
    source: 'message' as const,
    idempotencyKey,
    memo: 'Message',
  });
  const posted = (transferred: (Transferred | undefined)[]) => transferred.map((one) => (one ? 'posted' : 'left'));

  it("posts each payer's transfers as far as their balance goes, and leaves the rest for alone", async () => {
    const [ann, ben] = [await createMember(app), await createMember(app)];
    const [mia, zoe] = [await createModel(app), await createModel(app)];
    await fund(app, ann.user.id, 500);
    await fund(app, ben.user.id, 250);

    // Ann can pay 2.00 and 3.00 but not 1.00 more; Ben 1.00 and 1.50, not 0.01 more.
    const inputs = [
      transfer(ann.user.id, mia.user.id, 200),
      transfer(ben.user.id, mia.user.id, 100),
      transfer(ann.user.id, zoe.user.id, 300),
      transfer(ann.user.id, mia.user.id, 100),
      transfer(ben.user.id, zoe.user.id, 150),
      transfer(ben.user.id, zoe.user.id, 1),
    ];
    const transferred = await ledger.transfersWithCommission(inputs, async (result) => result);
    expect(posted(transferred)).toEqual(['posted', 'posted', 'posted', 'left', 'posted', 'left']);
    // Every posted transfer names its own earning, and the balances each wallet had after the group.
    expect(new Set(transferred.flatMap((one) => (one ? [one.transactionId, one.earningId] : []))).size).toBe(8);
    expect(transferred[2]).toMatchObject({ commission: 60, net: 240, balances: { [ann.user.id]: 0, [zoe.user.id]: 360 } });

    expect(await ledger.balanceOf(ann.user.id)).toBe(0);
    expect(await ledger.balanceOf(ben.user.id)).toBe(0);
    // 80 % of 2.00 + 1.00, and of 3.00 + 1.50.
    expect(await ledger.balanceOf(mia.user.id)).toBe(240);
    expect(await ledger.balanceOf(zoe.user.id)).toBe(360);
    expect((await ledger.check()).ok).toBe(true);

    // Alone, the transfer left over gets the exact answer: a 402 with the balance.
    const error = await failure(ledger.transferWithCommission(inputs[3]!));
    expect(error).toMatchObject({ status: 402, details: { needed: 1, balance: 0 } });
  });

  it('leaves a key already used, and a key repeated among them, unposted; they are replays alone', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 1_000);
    const used = transfer(payer.user.id, model.user.id, 100);
    const first = await ledger.transferWithCommission(used);
    const repeated = transfer(payer.user.id, model.user.id, 100);

    const transferred = await ledger.transfersWithCommission([used, repeated, { ...repeated }], async (result) => result);
    expect(posted(transferred)).toEqual(['left', 'posted', 'left']);
    expect(await ledger.balanceOf(payer.user.id)).toBe(800);
    expect(await ledger.transferWithCommission(used)).toMatchObject({ replayed: true, transactionId: first.transactionId });
    expect(await ledger.transferWithCommission(repeated)).toMatchObject({ replayed: true, transactionId: transferred[1]!.transactionId });
  });

  it('an error in what follows them in their transaction undoes every one', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 1_000);
    const inputs = [transfer(payer.user.id, model.user.id, 100), transfer(payer.user.id, model.user.id, 200)];
    const outcome = ledger.transfersWithCommission(inputs, async () => {
      throw new Error('the messages could not be stored');
    });
    await expect(outcome).rejects.toThrow('the messages could not be stored');
    expect(await ledger.balanceOf(payer.user.id)).toBe(1_000);
    expect(await ledger.balanceOf(model.user.id)).toBe(0);
    // Nothing claimed: the same keys post now.
    expect(posted(await ledger.transfersWithCommission(inputs, async (result) => result))).toEqual(['posted', 'posted']);
    expect(await ledger.balanceOf(payer.user.id)).toBe(700);
  });
});

describe('at the same time, on PostgreSQL', () => {
  // PGlite runs one transaction at a time, so two can only meet on a server.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "a movement that meets a wallet another transaction is still making waits for it, holding no other account's lock",
    async () => {
      const payer = await createMember(app);
      const model = await createModel(app);
      await fund(app, payer.user.id, 1_000);
      const tip = (gross: number) => ({ payerId: payer.user.id, modelId: model.user.id, gross, source: 'tip' as const, memo: 'Tip' });
      let walletMade!: () => void;
      const madeWallet = new Promise<void>((resolve) => (walletMade = resolve));
      let goOn!: () => void;
      const mayGoOn = new Promise<void>((resolve) => (goOn = resolve));

      // First: the model's first wallet is made (and its id remembered) inside a transaction that
      // then pauses, and afterwards takes the payer's wallet too.
      const first = app.ctx.db.transaction(async (tx) => {
        await ledger.creditCardPurchase({ userId: model.user.id, amount: 100, idempotencyKey: key(), memo: 'Package' }, tx);
        walletMade();
        await mayGoOn;
        return ledger.transferWithCommission({ ...tip(100), idempotencyKey: key() }, tx);
      });
      await madeWallet;
      // Second: a tip to that model meanwhile, in a transaction of its own (as a purchase is). It
      // cannot see the new wallet yet; it must wait for the first without holding the payer's
      // wallet, or the first could never take it.
      const second = app.ctx.db.transaction((tx) => ledger.transferWithCommission({ ...tip(200), idempotencyKey: key() }, tx));
      await new Promise((resolve) => setTimeout(resolve, 300));
      goOn();

      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await ledger.balanceOf(payer.user.id)).toBe(700);
      // 1.00 bought, then 80 % of each tip: 0.80 and 1.60.
      expect(await ledger.balanceOf(model.user.id)).toBe(340);
      expect((await ledger.check()).ok).toBe(true);
    },
  );
});

describe('refunds', () => {
  it('reverses every entry and the earning, once', async () => {
    const payer = await createMember(app);
    const model = await createModel(app);
    await fund(app, payer.user.id, 1_000);
    const sale = await ledger.transferWithCommission({
      payerId: payer.user.id,
      modelId: model.user.id,
      gross: 105,
      source: 'item',
      idempotencyKey: key(),
      memo: 'Item',
    });
    const refundKey = key();
    const refund = await ledger.refund({ transactionId: sale.transactionId, idempotencyKey: refundKey, memo: 'Item not delivered' });
    expect(refund.balances).toEqual({ [payer.user.id]: 1_000, [model.user.id]: 0 });

    const [transaction] = await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, refund.transactionId));
    expect(transaction).toMatchObject({ kind: 'refund', memo: 'Item not delivered', metadata: { refundOf: sale.transactionId } });
    const rows = await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id));
    expect(rows.map((r) => [r.gross, r.commission, r.net]).sort()).toEqual(
      [
        [-105, -21, -84],
        [105, 21, 84],
      ].sort(),
    );

    // The caller's retry is a replay; a second refund with another key is refused.
    expect(await ledger.refund({ transactionId: sale.transactionId, idempotencyKey: refundKey, memo: 'again' })).toMatchObject({
      transactionId: refund.transactionId,
      replayed: true,
    });
    const twice = await failure(ledger.refund({ transactionId: sale.transactionId, idempotencyKey: key(), memo: 'again' }));
    expect([twice.status, twice.code]).toEqual([409, 'ALREADY_REFUNDED']);
    expect(await ledger.balanceOf(payer.user.id)).toBe(1_000);
  });

  it('answers 402 when the wallet it takes back from has spent the tokens', async () => {
    const { user } = await createMember(app);
    const purchase = await fund(app, user.id, 1_000);
    await ledger.charge({ userId: user.id, amount: 600, kind: 'item', idempotencyKey: key(), memo: 'Item' });
    const error = await failure(ledger.refund({ transactionId: purchase.transactionId, idempotencyKey: key(), memo: 'Card refunded' }));
    expect([error.status, error.code, error.message]).toEqual([
      402,
      'INSUFFICIENT_TOKENS',
      'This refund takes back 10.00 tokens, but that wallet holds only 4.00.',
    ]);
    expect(await ledger.balanceOf(user.id)).toBe(400);
  });

  it('refuses refunding a refund or an unknown transaction', async () => {
    const { user } = await createMember(app);
    const purchase = await fund(app, user.id, 100);
    const refund = await ledger.refund({ transactionId: purchase.transactionId, idempotencyKey: key(), memo: 'Refund' });
    expect((await failure(ledger.refund({ transactionId: refund.transactionId, idempotencyKey: key(), memo: 'x' }))).status).toBe(422);
    expect((await failure(ledger.refund({ transactionId: randomUUID(), idempotencyKey: key(), memo: 'x' }))).status).toBe(404);
  });
});

describe('adjustments', () => {
  it('moves tokens between the adjustments account and the wallet, naming the administrator', async () => {
    const { user } = await createMember(app);
    const { user: admin } = await createAdmin(app);
    const added = await ledger.adjust({ userId: user.id, amount: 1_500, reason: 'Goodwill', adminId: admin.id, idempotencyKey: key() });
    const removed = await ledger.adjust({ userId: user.id, amount: -500, reason: 'Correction', adminId: admin.id, idempotencyKey: key() });
    expect(removed.balances).toEqual({ [user.id]: 1_000 });
    const [transaction] = await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, added.transactionId));
    expect(transaction).toMatchObject({ kind: 'adjustment', memo: 'Goodwill', createdBy: admin.id });
  });

  it('cannot take a wallet below zero', async () => {
    const { user } = await createMember(app);
    const { user: admin } = await createAdmin(app);
    await fund(app, user.id, 200);
    const error = await failure(
      ledger.adjust({ userId: user.id, amount: -300, reason: 'Correction', adminId: admin.id, idempotencyKey: key() }),
    );
    expect([error.status, error.message]).toEqual([402, 'The member has only 2.00 tokens, so 3.00 cannot be taken away.']);
    expect(await ledger.balanceOf(user.id)).toBe(200);
  });
});

describe('the integrity check', () => {
  it('finds a cached balance that drifted from its entries and an unbalanced transaction', async () => {
    // A throwaway app: this test breaks the ledger on purpose.
    const broken = await createTestApp();
    try {
      const brokenLedger = ledgerOf(broken);
      const { user } = await createMember(broken);
      const { transactionId } = await fund(broken, user.id, 500);
      expect(await brokenLedger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
      const [entry] = await broken.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId)).limit(1);
      await broken.ctx.db
        .update(ledgerEntries)
        .set({ amount: entry!.amount + 7 })
        .where(eq(ledgerEntries.id, entry!.id));
      const report = await brokenLedger.check();
      expect(report.ok).toBe(false);
      expect(report.unbalancedTransactions).toEqual([{ transactionId, sum: 7 }]);
      expect(report.driftedAccounts).toEqual([expect.objectContaining({ accountId: entry!.accountId, entriesSum: entry!.amount + 7 })]);
    } finally {
      await broken.close();
    }
  });
});
