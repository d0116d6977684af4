import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_CARDS, tokensToHundredths } from '@cc/contracts';
import { ledgerTransactions, payments } from '../../../db/schema';
import { auditTrail } from '../../../test-support/audit';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { waitForNotifications } from '../../notifications/tests/helpers';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
  await app.close();
});
afterEach(() => vi.restoreAllMocks());

const unknownId = '00000000-0000-4000-8000-000000000000';
const REASON = 'Bought by mistake, asked us the same day.';
const refund = (id: string, body: unknown = { reason: REASON }, token = admin.token) =>
  app.request('POST', `/api/admin/payments/${id}/refund`, { token, body });
const chargeback = (id: string, body: unknown = { reason: 'Bank dispute 4855: not recognised' }, token = admin.token) =>
  app.request('POST', `/api/admin/payments/${id}/chargeback`, { token, body });
const trail = (id: string) => auditTrail(app, admin.token, id);
const refundsOf = async (paymentId: string) =>
  (await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'refund'))).filter((t) =>
    (t.metadata as { requestKey?: string } | null)?.requestKey?.endsWith(paymentId),
  );
const paymentRow = async (id: string) => (await app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** A member who bought the Starter package (100 tokens, $9.99) with the sandbox's approved card. */
async function buyer() {
  const member = await createMember(app);
  const res = await buy(app, member.token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
  });
  expect(res.status).toBe(200);
  return { ...member, payment: res.body.data.payment as { _id: string; invoiceId: string } };
}

/** The member spends tokens at the site (as a paid message would). */
const spend = (userId: string, tokens: number) =>
  app.ctx.ledger.charge({
    userId,
    amount: tokensToHundredths(tokens),
    kind: 'message',
    idempotencyKey: crypto.randomUUID(),
    memo: 'Spent',
  });

describe('refund through the sandbox provider', () => {
  it('gives the money back, takes the tokens back once, marks payment and invoice refunded and audits it', async () => {
    const member = await buyer();
    const seen: string[][] = [];
    const stop = app.ctx.events.subscribe('wallet.changed', ({ userIds }) => void seen.push(userIds));
    const res = await refund(member.payment._id);
    stop();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      memberBalance: 0,
      invoice: { status: 'refunded' },
      reversal: { kind: 'refund', reason: REASON, by: { _id: admin.user.id, email: admin.user.email } },
    });
    expect(res.body.data.reversal.providerTransactionId).toMatch(/^sbx-rf-/);
    expect(seen.flat()).toContain(member.user.id);

    const money = await moneyOf(app, member.user.id);
    expect(money.balance).toBe(0);
    expect(money.invoices[0]!.status).toBe('refunded');
    expect(money.payments[0]).toMatchObject({ status: 'refunded', reversalKind: 'refund', reversedBy: admin.user.id });
    expect(money.payments[0]!.reversalLedgerTransactionId).toEqual(expect.any(String));

    // The member sees it too.
    const history = await app.request('GET', '/api/payment/transactions', { token: member.token });
    expect(history.body.data.items[0]).toMatchObject({ _id: member.payment._id, status: 'refunded' });
    const wallet = await app.request('GET', '/api/wallet/entries', { token: member.token });
    expect(wallet.status).toBe(200);
    expect(wallet.body.data.items[0]).toMatchObject({ kind: 'refund', amount: -100 });
    // And is told, not left to find it on her card statement.
    const told = await waitForNotifications(app, member.token, 2);
    expect(told.items[0]).toMatchObject({
      type: 'refund',
      text: 'Your purchase of Starter ($9.99) was refunded: $9.99 goes back to your card and 100.00 tokens were taken back.',
    });

    const [row] = await trail(member.payment._id);
    expect(row).toMatchObject({
      action: 'payment.refund',
      actorId: admin.user.id,
      targetType: 'payment',
      before: { status: 'approved' },
      after: { status: 'refunded', reason: REASON, taken: 10_000, shortfall: 0, providerAction: 'refund' },
    });
  });

  it('refuses a second refund with 409 and changes nothing', async () => {
    const member = await buyer();
    expect((await refund(member.payment._id)).status).toBe(200);
    const again = await refund(member.payment._id);
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT', msg: 'This payment was already refunded.' } });
    expect(await trail(member.payment._id)).toHaveLength(1);
    expect((await moneyOf(app, member.user.id)).balance).toBe(0);
  });

  it('two administrators refunding at the same moment: one provider refund, one ledger reversal, one audit row', async () => {
    const member = await buyer();
    const other = await createAdmin(app);
    const answers = await Promise.all([refund(member.payment._id), refund(member.payment._id, { reason: 'Duplicate' }, other.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.msg).toMatch(/already (under way|refunded)/);
    expect(await refundsOf(member.payment._id)).toHaveLength(1);
    expect(await trail(member.payment._id)).toHaveLength(1);
    expect((await moneyOf(app, member.user.id)).balance).toBe(0);
  });

  it('refuses with 409 saying what the member holds when they spent the tokens, before any provider call', async () => {
    const member = await buyer();
    await spend(member.user.id, 30.5);
    const res = await refund(member.payment._id);
    expect(res.status).toBe(409);
    // What can be refunded instead: 69.50 of the 100 tokens is 69.5 % of $9.99, $6.94 to the cent.
    expect(res.body.msg).toBe(
      'The member holds only 69.50 of the 100.00 tokens this payment bought, so it cannot be refunded whole. Refund up to 69.50 tokens ($6.94) instead, or record a chargeback if their bank took the money back.',
    );
    expect(res.body.details).toEqual({ balance: 69.5, needed: 100 });
    expect(await paymentRow(member.payment._id)).toMatchObject({ status: 'approved', reversalKind: null });
    expect((await moneyOf(app, member.user.id)).balance).toBe(69.5);
    expect(await refundsOf(member.payment._id)).toEqual([]);
    expect(await trail(member.payment._id)).toEqual([]);
  });

  it('says what can be refunded before anyone asks: all of it, the part she holds, or nothing', async () => {
    const member = await buyer();
    const detail = () => app.request('GET', `/api/admin/payments/${member.payment._id}`, { token: admin.token });
    expect((await detail()).body.data.refundable).toEqual({ tokens: 100, cents: 999, whole: true });
    await spend(member.user.id, 60);
    // 40 of 100 tokens: 40 % of $9.99 is 399.6 cents, $4.00 to the nearest cent.
    expect((await detail()).body.data.refundable).toEqual({ tokens: 40, cents: 400, whole: false });
    await spend(member.user.id, 40);
    expect((await detail()).body.data.refundable).toEqual({ tokens: 0, cents: 0, whole: false });
  });

  it('refunds part: those tokens leave the wallet, their share of the money goes back, the invoice stays paid, the member is told', async () => {
    const member = await buyer();
    await spend(member.user.id, 30);
    const res = await refund(member.payment._id, { reason: REASON, tokens: 25.5 });
    expect(res.status).toBe(200);
    // 25.5 % of $9.99 is 254.745 cents: $2.55.
    expect(res.body.data).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 255,
      refundedTokens: 25.5,
      memberBalance: 44.5,
      refundable: null,
      invoice: { status: 'paid' },
      reversal: { kind: 'refund', reason: REASON },
    });
    expect(await refundsOf(member.payment._id)).toEqual([]);
    const [row] = await trail(member.payment._id);
    expect(row!.after).toMatchObject({ status: 'partially_refunded', taken: 2_550, shortfall: 0, refundedCents: 255 });
    const mine = (await app.request('GET', '/api/payment/transactions', { token: member.token })).body.data.items[0];
    expect(mine).toMatchObject({ status: 'partially_refunded', refundedCents: 255, refundedTokens: 25.5 });
    const told = await waitForNotifications(app, member.token, 2);
    expect(told.items[0]).toMatchObject({
      type: 'refund',
      text: 'Part of your purchase of Starter ($9.99) was refunded: $2.55 goes back to your card and 25.50 tokens were taken back.',
      link: '/tokens/history',
    });
    // One refund per payment: the rest cannot be refunded after.
    expect((await refund(member.payment._id, { reason: REASON, tokens: 10 })).status).toBe(409);
  });

  it('refuses part of a payment beyond what she holds (409 saying what she may refund) or beyond what it bought (422 on tokens)', async () => {
    const member = await buyer();
    await spend(member.user.id, 50);
    const over = await refund(member.payment._id, { reason: REASON, tokens: 60 });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(
      'The member holds only 50.00 of the 100.00 tokens this payment bought, so 60.00 cannot be refunded. Refund up to 50.00 tokens ($5.00) instead, or record a chargeback if their bank took the money back.',
    );
    const beyond = await refund(member.payment._id, { reason: REASON, tokens: 100.01 });
    expect([beyond.status, beyond.body.details.fields]).toEqual([
      422,
      { tokens: 'This payment bought 100.00 tokens, so a refund is at most that.' },
    ]);
    for (const tokens of [0, -5, 1.234, 'ten', { $gt: 0 }]) {
      const bad = await refund(member.payment._id, { reason: REASON, tokens });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.details.fields)).toEqual(['tokens']);
    }
    expect(await paymentRow(member.payment._id)).toMatchObject({ status: 'approved', reversalKind: null, refundedCents: null });
    expect((await moneyOf(app, member.user.id)).balance).toBe(50);
    expect(await trail(member.payment._id)).toEqual([]);
  });

  it('refuses a payment that is not approved (declined) with 409', async () => {
    const member = await createMember(app);
    const res = await buy(app, member.token, {
      packageId: (await starter(app))._id,
      payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.declined) },
    });
    const id = (await app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id)))[0]!.id;
    expect(res.status).toBe(402);
    for (const answer of [await refund(id), await chargeback(id)]) {
      expect(answer.status).toBe(409);
      expect(answer.body.msg).toMatch(/^Only an approved payment can be (refunded|charged back); this one is declined\.$/);
    }
    expect(await trail(id)).toEqual([]);
  });
});

describe('chargeback', () => {
  it('takes every token back when the wallet holds them, marks payment and invoice charged back, audits it', async () => {
    const member = await buyer();
    const res = await chargeback(member.payment._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'charged_back',
      memberBalance: 0,
      invoice: { status: 'charged_back' },
      reversal: { kind: 'chargeback', reason: 'Bank dispute 4855: not recognised', providerTransactionId: null },
    });
    expect(await refundsOf(member.payment._id)).toHaveLength(1);
    const [row] = await trail(member.payment._id);
    expect(row).toMatchObject({
      action: 'payment.chargeback',
      after: { status: 'charged_back', taken: 10_000, shortfall: 0 },
    });
    expect(row!.after).not.toHaveProperty('providerAction');
    // Once only, and no refund after it.
    expect((await chargeback(member.payment._id)).body.msg).toBe('A chargeback was already recorded for this payment.');
    expect((await refund(member.payment._id)).status).toBe(409);
  });

  it('never takes a wallet below zero: takes what it holds and records the shortfall', async () => {
    const member = await buyer();
    await spend(member.user.id, 75.25);
    const res = await chargeback(member.payment._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'charged_back', memberBalance: 0 });
    const [row] = await trail(member.payment._id);
    expect(row!.after).toMatchObject({ taken: 2_475, shortfall: 7_525 });
  });

  it('with an empty wallet: nothing moves, the shortfall is the whole package', async () => {
    const member = await buyer();
    await spend(member.user.id, 100);
    const res = await chargeback(member.payment._id);
    expect(res.status).toBe(200);
    expect(res.body.data.memberBalance).toBe(0);
    expect((await paymentRow(member.payment._id)).reversalLedgerTransactionId).toBeNull();
    expect((await trail(member.payment._id))[0]!.after).toMatchObject({ taken: 0, shortfall: 10_000 });
  });
});

describe('who may reverse, and bad input', () => {
  let member: Awaited<ReturnType<typeof buyer>>;
  beforeAll(async () => {
    member = await buyer();
  });

  it('anonymous 401, members and models 403, and nothing changes', async () => {
    const model = await createModel(app);
    for (const action of ['refund', 'chargeback']) {
      const path = `/api/admin/payments/${member.payment._id}/${action}`;
      expect((await app.request('POST', path, { body: { reason: 'x' } })).status).toBe(401);
      expect((await app.request('POST', path, { token: member.token, body: { reason: 'x' } })).status).toBe(403);
      expect((await app.request('POST', path, { token: model.token, body: { reason: 'x' } })).status).toBe(403);
    }
    expect(await paymentRow(member.payment._id)).toMatchObject({ status: 'approved' });
    expect(await trail(member.payment._id)).toEqual([]);
  });

  it('404 for an unknown payment, 422 naming id for a bad one', async () => {
    expect(await refund(unknownId)).toMatchObject({ status: 404, body: { msg: 'That payment does not exist.' } });
    expect(await chargeback(unknownId)).toMatchObject({ status: 404, body: { msg: 'That payment does not exist.' } });
    for (const res of [await refund('nope'), await chargeback('1%00')]) {
      expect(res.status).toBe(422);
      expect(res.body.msg).toContain('id');
    }
  });

  it.each([
    ['missing', {}],
    ['blank', { reason: '  ' }],
    ['with NUL', { reason: 'a\u0000b' }],
    ['too long', { reason: 'r'.repeat(501) }],
    ['not text', { reason: ['x'] }],
  ])('refuses a reason %s (422 naming reason) and changes nothing', async (_case, body) => {
    for (const res of [await refund(member.payment._id, body), await chargeback(member.payment._id, body)]) {
      expect(res.status).toBe(422);
      expect(res.body.details.fields).toHaveProperty(['reason']);
    }
    expect(await paymentRow(member.payment._id)).toMatchObject({ status: 'approved', reversalKind: null });
    expect(await trail(member.payment._id)).toEqual([]);
    expect((await moneyOf(app, member.user.id)).balance).toBe(100);
  });
});
