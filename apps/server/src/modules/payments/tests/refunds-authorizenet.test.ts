import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema';
import { auditTrail } from '../../../test-support/audit';
import { FAKE_CARDS, startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createAdmin, createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, starter } from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;
let fake: FakeAuthorizeNet;
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ timeoutMs: 400 });
  app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
  admin = await createAdmin(app);
});
afterAll(async () => {
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
  await app.close();
  await fake.close();
});

const refund = (id: string, reason = 'Customer asked for a refund', tokens?: number) =>
  app.request('POST', `/api/admin/payments/${id}/refund`, { token: admin.token, body: { reason, ...(tokens ? { tokens } : {}) } });
const ledgerRefunds = async () => (await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'refund'))).length;

/** A member who bought Starter ($9.99) with the fake gateway's approved card; `charge` is what the gateway recorded. */
async function buyer() {
  const member = await createMember(app);
  const res = await buy(app, member.token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(res.status).toBe(200);
  const charge = fake.charges.find((c) => c.transId === (res.body.data.payment.providerTransactionId ?? '')) ?? fake.charges.at(-1)!;
  return { ...member, paymentId: res.body.data.payment._id as string, charge };
}

it('a settled charge is refunded at the gateway with the last four digits, XXXX and the charge id', async () => {
  const member = await buyer();
  fake.settle();
  const since = fake.refunds.length;
  const res = await refund(member.paymentId);
  expect(res.status).toBe(200);
  const sent = fake.refunds.slice(since);
  expect(sent).toEqual([
    expect.objectContaining({
      transactionType: 'refundTransaction',
      refTransId: member.charge.transId,
      amountCents: 999,
      cardNumber: '1111',
      expirationDate: 'XXXX',
      responseCode: '1',
    }),
  ]);
  expect(res.body.data).toMatchObject({ status: 'refunded', memberBalance: 0, reversal: { providerTransactionId: sent[0]!.transId } });
  expect((await auditTrail(app, admin.token, member.paymentId))[0]!.after).toMatchObject({ providerAction: 'refund' });
});

it('a charge not settled yet is refused a refund by the gateway (54), so it is voided instead', async () => {
  const member = await buyer();
  const since = fake.refunds.length;
  const res = await refund(member.paymentId);
  expect(res.status).toBe(200);
  expect(fake.refunds.slice(since).map((r) => [r.transactionType, r.responseCode])).toEqual([
    ['refundTransaction', '3'],
    ['voidTransaction', '1'],
  ]);
  expect(res.body.data).toMatchObject({ status: 'refunded', reversal: { providerTransactionId: member.charge.transId } });
  expect((await auditTrail(app, admin.token, member.paymentId))[0]!.after).toMatchObject({ providerAction: 'void' });
  // The gateway itself now reports the charge voided.
  expect(fake.charges.find((c) => c.transId === member.charge.transId)?.voided).toBe(true);
  expect((await moneyOf(app, member.user.id)).balance).toBe(0);
});

it('part of a settled charge is refunded at the gateway for its share of the money, and the charge keeps the rest', async () => {
  const member = await buyer();
  fake.settle();
  const since = fake.refunds.length;
  const res = await refund(member.paymentId, 'Half by mistake', 50);
  expect(res.status).toBe(200);
  // Half of Starter's $9.99 is 499.5 cents: $5.00 to the nearest cent.
  expect(fake.refunds.slice(since)).toEqual([
    expect.objectContaining({
      transactionType: 'refundTransaction',
      refTransId: member.charge.transId,
      amountCents: 500,
      responseCode: '1',
    }),
  ]);
  expect(res.body.data).toMatchObject({ status: 'partially_refunded', refundedCents: 500, refundedTokens: 50, memberBalance: 50 });
});

it('a member who spends while part of her payment is at the gateway: what she holds is taken, the rest is the shortfall', async () => {
  const member = await buyer();
  fake.settle();
  // 70 of her 100 tokens go on a message while the gateway refunds 50 of them.
  fake.whileNextReverse(async () => {
    await app.ctx.ledger.charge({ userId: member.user.id, amount: 7_000, kind: 'message', idempotencyKey: randomUUID(), memo: 'Spent' });
  });
  const res = await refund(member.paymentId, 'Half by mistake', 50);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'partially_refunded', refundedTokens: 50, refundedCents: 500, memberBalance: 0 });
  // Hundredths: 30 tokens taken, 20 the wallet no longer had. Never below zero.
  expect((await auditTrail(app, admin.token, member.paymentId))[0]!.after).toMatchObject({ taken: 3_000, shortfall: 2_000 });
});

it('part of a charge not settled yet is refused in words, never voided whole, and the payment is approved again', async () => {
  const member = await buyer();
  const since = fake.refunds.length;
  const res = await refund(member.paymentId, 'Half by mistake', 50);
  expect(res.status).toBe(502);
  expect(res.body.msg).toBe(
    'The payment provider refused the refund: This charge has not settled yet, so only the whole payment can be given back (a void) until it settles, usually within a day.',
  );
  expect(fake.refunds.slice(since).map((r) => r.transactionType)).toEqual(['refundTransaction']);
  const detail = await app.request('GET', `/api/admin/payments/${member.paymentId}`, { token: admin.token });
  expect(detail.body.data).toMatchObject({ status: 'approved', memberBalance: 100, refundedCents: null });
});

it('the gateway refusing leaves the payment approved, the tokens where they are, and no ledger or audit row', async () => {
  const member = await buyer();
  fake.settle();
  const before = await ledgerRefunds();
  fake.failNext('createTransactionRequest', 'E00027', 'The transaction was unsuccessful.');
  const res = await refund(member.paymentId);
  expect(res).toMatchObject({
    status: 502,
    body: {
      code: 'PAYMENT_PROVIDER_ERROR',
      msg: 'The payment provider refused the refund: The transaction was unsuccessful.',
      message: 'The payment provider refused the refund: The transaction was unsuccessful.',
    },
  });
  const money = await moneyOf(app, member.user.id);
  expect(money.balance).toBe(100);
  expect(money.payments[0]).toMatchObject({ status: 'approved', reversalKind: null });
  expect(money.invoices[0]!.status).toBe('paid');
  expect(await ledgerRefunds()).toBe(before);
  expect(await auditTrail(app, admin.token, member.paymentId)).toEqual([]);

  // It can be tried again afterwards, and then goes through.
  expect((await refund(member.paymentId)).status).toBe(200);
});

it('a gateway that never answers: 502 saying the outcome is unknown, and the payment is approved again', async () => {
  const member = await buyer();
  fake.settle();
  fake.hang('createTransactionRequest');
  const res = await refund(member.paymentId);
  expect(res.status).toBe(502);
  expect(res.body.msg).toMatch(/did not answer, so the refund may or may not have gone through/);
  expect((await moneyOf(app, member.user.id)).payments[0]).toMatchObject({ status: 'approved' });
});

it('two refunds at the same moment: the gateway is asked once, the ledger reverses once', async () => {
  const member = await buyer();
  fake.settle();
  const since = fake.refunds.length;
  const before = await ledgerRefunds();
  const answers = await Promise.all([refund(member.paymentId), refund(member.paymentId)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(fake.refunds.slice(since)).toHaveLength(1);
  expect(await ledgerRefunds()).toBe(before + 1);
  expect(await auditTrail(app, admin.token, member.paymentId)).toHaveLength(1);
});

it('spent tokens: 409 before the gateway is asked', async () => {
  const member = await buyer();
  fake.settle();
  await app.ctx.ledger.charge({ userId: member.user.id, amount: 1, kind: 'message', idempotencyKey: crypto.randomUUID(), memo: 'Spent' });
  const since = fake.refunds.length;
  const res = await refund(member.paymentId);
  expect(res.status).toBe(409);
  expect(res.body.msg).toContain('holds only 99.99 of the 100.00 tokens');
  expect(fake.refunds.slice(since)).toEqual([]);
});
