import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokensToHundredths } from '@cc/contracts';
import { payments } from '../../../db/schema';
import { startFakeAuthorizeNet, FAKE_CARDS, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { NOT_CHARGED_MESSAGE } from '../reconciler';
import { buy, moneyOf, starter } from './helpers';

/**
 * Payments whose outcome was lost — the answer never came, or the process stopped mid-purchase —
 * are settled by the reconciliation job without anyone retrying, and credited exactly once.
 */
let fake: FakeAuthorizeNet;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ timeoutMs: 400 });
  app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const reconcile = () => app.runJob('payments.reconcile') as Promise<Record<string, string>>;
/** Pretends the payment was last touched `minutes` ago. */
const age = (paymentId: string, minutes: number) =>
  app.ctx.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000), updatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(payments.id, paymentId));

it('credits a charge whose answer was lost, once, even when two processes reconcile at the same time', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const since = fake.charges.length;
  // The gateway charges the card, but neither its answer nor the immediate lookup come back.
  fake.hang('createTransactionRequest');
  fake.hang('getUnsettledTransactionListRequest');
  const res = await buy(app, token, {
    packageId: pkg._id,
    idempotencyKey: randomUUID(),
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(res.status).toBe(502);
  const [lost] = (await moneyOf(app, user.id)).payments;
  expect(lost!.status).toBe('unknown');

  // Too fresh to touch: it may still be in flight.
  expect((await reconcile())[lost!.id]).toBeUndefined();

  await age(lost!.id, 3);
  const [a, b] = await Promise.all([reconcile(), reconcile()]);
  expect([a[lost!.id], b[lost!.id]]).toContain('approved');

  const money = await moneyOf(app, user.id);
  expect(money.payments[0]!.status).toBe('approved');
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.invoices).toHaveLength(1);
  expect(fake.charges.slice(since)).toHaveLength(1);
});

it('closes a payment the provider never saw as not charged, after waiting long enough', async () => {
  const { user } = await createMember(app);
  const pkg = await starter(app);
  // A process that stopped right after writing the payment row, before calling the provider.
  const [stuck] = await app.ctx.db
    .insert(payments)
    .values({
      userId: user.id,
      packageId: pkg._id,
      provider: 'authorizenet',
      idempotencyKey: randomUUID(),
      amountCents: pkg.priceCents,
      // The shop lists tokens; the table keeps hundredths.
      tokens: tokensToHundredths(pkg.tokens),
      packageName: pkg.name,
    })
    .returning();

  await age(stuck!.id, 10);
  expect((await reconcile())[stuck!.id]).toBe('waiting');
  expect((await moneyOf(app, user.id)).payments[0]!.status).toBe('pending');

  await age(stuck!.id, 31);
  expect((await reconcile())[stuck!.id]).toBe('closed');
  const money = await moneyOf(app, user.id);
  expect(money.payments[0]).toMatchObject({ status: 'error', failureMessage: NOT_CHARGED_MESSAGE });
  expect(money).toMatchObject({ credits: 0, balance: 0 });
  expect(money.invoices).toHaveLength(0);
});
