import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('buys a package with a sandbox card: tokens credited once, one payment, one invoice', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

  const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } });
  expect(res.status).toBe(200);
  expect(res.body.data.balance).toBe(pkg.tokens);
  expect(res.body.data.payment).toMatchObject({
    status: 'approved',
    packageName: 'Starter',
    tokens: 100,
    amountCents: 999,
    amount: 9.99,
    cardLast4: '1111',
    cardBrand: 'Visa',
    failureMessage: null,
  });
  expect(res.body.data.payment.invoiceId).toEqual(expect.any(String));

  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.payments).toHaveLength(1);
  expect(money.invoices).toHaveLength(1);
  expect(money.invoices[0]).toMatchObject({ packageName: 'Starter', tokens: 10_000, amountCents: 999, cardLast4: '1111', status: 'paid' });
});

it('answers a retried request from the first one and never charges again', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

  const first = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  // The retry carries the same (now spent) nonce, as a client resending its request would.
  const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(first.status).toBe(200);
  expect(again.status).toBe(200);
  expect(again.body.data.payment._id).toBe(first.body.data.payment._id);

  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.payments).toHaveLength(1);
  expect(money.invoices).toHaveLength(1);
});

it('credits once when the same purchase is sent twice at the same moment', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

  const answers = await Promise.all(
    [0, 1, 2].map(() => buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } })),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses).toContain(200);
  for (const a of answers) {
    if (a.status === 409)
      expect(a.body).toEqual({
        code: 'PAYMENT_PENDING',
        msg: 'This purchase is already being processed',
        message: 'This purchase is already being processed',
      });
    else expect(a.status).toBe(200);
  }

  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.payments).toHaveLength(1);
  expect(money.invoices).toHaveLength(1);
});

it('takes the price and tokens from the package, whatever the client sends', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

  const res = await buy(app, token, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData },
    amount: 1,
    amountCents: 1,
    priceCents: 1,
    tokens: 99_999_999,
  });
  expect(res.status).toBe(200);
  expect(res.body.data.payment).toMatchObject({ amountCents: 999, amount: 9.99, tokens: 100 });
  const money = await moneyOf(app, user.id);
  expect(money.payments[0]).toMatchObject({ amountCents: 999, tokens: 10_000 });
  expect(money.balance).toBe(100);
});

it('adds up several purchases and lists them newest first with their invoices', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  for (let i = 0; i < 2; i++) {
    const res = await buy(app, token, {
      packageId: pkg._id,
      payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
    });
    expect(res.status).toBe(200);
  }
  expect((await moneyOf(app, user.id)).balance).toBe(2 * pkg.tokens);

  const history = await app.request('GET', '/api/payment/transactions?limit=1', { token });
  expect(history.status).toBe(200);
  expect(history.body.data.count).toBe(2);
  expect(history.body.data.items).toHaveLength(1);

  const list = await app.request('GET', '/api/invoice', { token });
  expect(list.body.data.count).toBe(2);
  const [invoice] = list.body.data.items;
  expect(invoice).toMatchObject({
    number: expect.stringMatching(/^INV-\d{6}$/),
    packageName: 'Starter',
    tokens: 100,
    amountCents: 999,
    amount: 9.99,
    cardLast4: '1111',
    status: 'paid',
    buyer: { name: user.name, email: user.email },
    seller: { siteName: 'Creator Chat' },
  });
  const one = await app.request('GET', `/api/invoice/${invoice._id}`, { token });
  expect(one.status).toBe(200);
  expect(one.body.data).toEqual(invoice);
});
