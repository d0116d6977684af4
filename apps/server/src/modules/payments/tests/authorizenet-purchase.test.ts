import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeAuthorizeNet, FAKE_CARDS, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, starter } from './helpers';

let fake: FakeAuthorizeNet;
let app: TestApp;
beforeAll(async () => {
  // A short timeout keeps the "gateway never answers" cases fast.
  fake = await startFakeAuthorizeNet({ timeoutMs: 400 });
  app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

it('lets the page load Accept.js from Authorize.Net and post the card there (and nothing else off-site)', async () => {
  const res = await app.request('GET', '/api/health');
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toMatch(/script-src 'self' https:\/\/jstest\.authorize\.net;/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/apitest\.authorize\.net/);
});

const chargesFor = (amountCents: number, since: number) => fake.charges.slice(since).filter((c) => c.amountCents === amountCents);

it('gives the browser Accept.js and the public keys only', async () => {
  const { token } = await createMember(app);
  const res = await app.request('POST', '/api/payment/authorizenet/token', { token });
  expect(res.body.data).toEqual({
    provider: 'authorizenet',
    scriptUrl: 'https://jstest.authorize.net/v1/Accept.js',
    apiLoginId: fake.config.apiLoginId,
    clientKey: fake.config.clientKey,
  });
  expect(JSON.stringify(res.body)).not.toContain(fake.config.transactionKey);
  // The sandbox's own card script does not exist in this mode.
  expect((await app.app.inject({ method: 'GET', url: '/api/payment/sandbox/accept.js' })).statusCode).toBe(404);
});

it('an approved charge credits once and sends the package price with our reference', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const since = fake.charges.length;
  const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) } });
  expect(res.status).toBe(200);
  expect(res.body.data.payment).toMatchObject({ status: 'approved', cardLast4: '1111', cardBrand: 'Visa', amountCents: 999 });
  expect(res.body.data.balance).toBe(pkg.tokens);

  const [charge] = fake.charges.slice(since);
  expect(charge).toMatchObject({ amountCents: 999, via: 'nonce', responseCode: '1' });
  expect(charge!.invoiceNumber).toHaveLength(20);
  expect(charge!.refId).toBe(charge!.invoiceNumber);
  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.payments[0]!.providerTransactionId).toBe(charge!.transId);
});

it('a declined charge credits nothing and says why', async () => {
  const { user, token } = await createMember(app);
  const res = await buy(app, token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.declined) },
  });
  expect(res.status).toBe(402);
  expect(res.body).toMatchObject({ code: 'CARD_DECLINED', msg: 'Your card was declined: This transaction has been declined.' });
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0, invoices: [] });
});

it('a processing error answers 502 and credits nothing', async () => {
  const { user, token } = await createMember(app);
  const res = await buy(app, token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.processingError) },
  });
  expect(res.status).toBe(502);
  expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
});

it('a charge held for review answers 202 and credits nothing yet', async () => {
  const { user, token } = await createMember(app);
  const res = await buy(app, token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.held) },
  });
  expect(res.status).toBe(202);
  expect(res.body.data.payment).toMatchObject({ status: 'held', tokens: 100, amountCents: 999, amount: 9.99 });
  expect(res.body.data.balance).toBe(0);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
});

it('a lost answer is never charged again: the retry reconciles and credits once', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = fake.nonceFor(FAKE_CARDS.approved);
  const since = fake.charges.length;
  // The gateway charges the card but the answer never comes back; the lookup that follows hangs too.
  fake.hang('createTransactionRequest');
  fake.hang('getUnsettledTransactionListRequest');

  const first = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(first.status).toBe(502);
  expect(first.body).toEqual({
    code: 'PAYMENT_PROVIDER_ERROR',
    msg: 'We could not confirm the payment; you have not been charged twice — check your payment history shortly',
    message: 'We could not confirm the payment; you have not been charged twice — check your payment history shortly',
  });
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
  expect((await moneyOf(app, user.id)).payments[0]!.status).toBe('unknown');

  const retry = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(retry.status).toBe(200);
  expect(retry.body.data.payment).toMatchObject({ status: 'approved', cardLast4: '1111' });
  const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(again.status).toBe(200);

  expect(chargesFor(999, since)).toHaveLength(1);
  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.invoices).toHaveLength(1);
});

it('a lost answer found at once by the lookup is credited in the same request', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const since = fake.charges.length;
  fake.hang('createTransactionRequest');
  const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) } });
  expect(res.status).toBe(200);
  expect(chargesFor(999, since)).toHaveLength(1);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });
});

it('reconciles from settled batches too', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = fake.nonceFor(FAKE_CARDS.approved);
  fake.hang('createTransactionRequest');
  fake.hang('getUnsettledTransactionListRequest');
  expect((await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } })).status).toBe(502);
  fake.settle();
  const retry = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(retry.status).toBe(200);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });
});

it('a lost answer for a charge that never happened stays unconfirmed and credits nothing', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  // An unknown nonce: the gateway refuses it, but we never hear so.
  const opaqueData = { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'never-issued' };
  fake.hang('createTransactionRequest');
  const first = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(first.status).toBe(502);
  const retry = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(retry.status).toBe(502);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
});

it('the gateway’s own internal error is an unknown outcome, not a refusal', async () => {
  const { user, token } = await createMember(app);
  const since = fake.charges.length;
  fake.failNext('createTransactionRequest', 'E00001', 'An error occurred during processing. Please try again.');
  const res = await buy(app, token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(res.status).toBe(502);
  expect(res.body.msg).toContain('We could not confirm the payment');
  expect((await moneyOf(app, user.id)).payments[0]!.status).toBe('unknown');
  expect(fake.charges.length).toBe(since);
});

it('saves the card of a purchase and buys with it again', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const first = await buy(app, token, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved, '2030-05'), saveCard: true },
  });
  expect(first.status).toBe(200);
  const cards = (await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data;
  expect(cards.items).toEqual([{ _id: expect.any(String), cardLast4: '1111', cardBrand: 'Visa', expiry: '2030-05' }]);

  const since = fake.charges.length;
  const second = await buy(app, token, { packageId: pkg._id, payment: { kind: 'saved', paymentMethodId: cards.items[0]._id } });
  expect(second.status).toBe(200);
  expect(second.body.data.payment).toMatchObject({ status: 'approved', cardLast4: '1111' });
  expect(fake.charges.slice(since)).toEqual([expect.objectContaining({ via: 'profile', amountCents: 999 })]);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 2, balance: 2 * pkg.tokens });
});

it('saves a card through the customer profile route, refuses one that declines, and removes it at the gateway', async () => {
  const { token } = await createMember(app);
  const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: fake.nonceFor('5424000000000015', '2029-02') },
  });
  expect(saved.status).toBe(201);
  expect(saved.body.data).toEqual({ _id: expect.any(String), cardLast4: '0015', cardBrand: 'MasterCard', expiry: '2029-02' });

  const refused = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: fake.nonceFor(FAKE_CARDS.declined) },
  });
  expect(refused.status).toBe(402);
  expect(refused.body.code).toBe('CARD_DECLINED');

  const profile = [...fake.profiles.values()].find((p) => [...p.cards.values()].some((c) => c.number === '5424000000000015'))!;
  expect((await app.request('DELETE', `/api/payment/authorizenet/customer-profile/${saved.body.data._id}`, { token })).status).toBe(204);
  expect(profile.cards.size).toBe(0);
  expect((await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data.count).toBe(0);
});

it('an unreachable gateway while saving a card answers 502 and saves nothing; trying again works', async () => {
  const { token } = await createMember(app);
  fake.hang('createCustomerProfileRequest');
  const res = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(res.status).toBe(502);
  expect((await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data.count).toBe(0);

  // The gateway did create the profile; the second try is told it is a duplicate and uses it.
  const profilesBefore = fake.profiles.size;
  const again = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(again.status).toBe(201);
  expect(fake.profiles.size).toBe(profilesBefore);
});
