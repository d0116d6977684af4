import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, type OpaqueData } from '@cc/contracts';
import { FAKE_CARDS, startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

/**
 * A card nonce is single use and signed by the provider. A spent, expired or forged one is the
 * member's card details being refused, not the provider failing: 422 asking for the card again, a
 * `declined` payment, nothing credited (docs/product.md#card-payments).
 */
const REFUSED = {
  code: 'CARD_NONCE_REFUSED',
  msg: 'Your card details have expired or were already used. Please enter your card again.',
  message: 'Your card details have expired or were already used. Please enter your card again.',
};

type Setup = {
  name: string;
  start: () => Promise<{ app: TestApp; close: () => Promise<void>; nonce: (app: TestApp) => Promise<OpaqueData> }>;
  /** The provider's own words for a refused nonce, kept on the payment for administrators. */
  said: string;
};

const setups: Setup[] = [
  {
    name: 'the sandbox',
    said: 'The card details have expired or were already used. Please enter your card again.',
    async start() {
      const app = await createTestApp();
      return { app, close: () => app.close(), nonce: (a) => sandboxNonce(a, SANDBOX_CARDS.approved) };
    },
  },
  {
    name: 'Authorize.Net',
    said: 'Invalid OTS Token.',
    async start() {
      const fake: FakeAuthorizeNet = await startFakeAuthorizeNet();
      const app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
      return {
        app,
        close: async () => {
          await app.close();
          await fake.close();
        },
        nonce: async () => fake.nonceFor(FAKE_CARDS.approved),
      };
    },
  },
];

describe.each(setups)('with $name', ({ start, said }) => {
  let app: TestApp;
  let close: () => Promise<void>;
  let nonce: (app: TestApp) => Promise<OpaqueData>;
  beforeAll(async () => {
    ({ app, close, nonce } = await start());
  });
  afterAll(() => close());

  it('a spent nonce answers 422 and records a declined payment, not a provider error', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await nonce(app);
    expect((await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } })).status).toBe(200);

    const idempotencyKey = randomUUID();
    const reuse = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    expect(reuse.status).toBe(422);
    expect(reuse.body).toMatchObject(REFUSED);

    const money = await moneyOf(app, user.id);
    expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
    expect(money.invoices).toHaveLength(1);
    const refused = money.payments.find((p) => p.idempotencyKey === idempotencyKey);
    expect(refused).toMatchObject({ status: 'declined', ledgerTransactionId: null });
    expect(refused!.failureMessage).toContain(said);

    // The same request again (a double click, a retry) answers the same, and still credits nothing.
    const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject(REFUSED);
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });

    const history = await app.request('GET', '/api/payment/transactions', { token });
    expect(history.body.data.items.map((p: { status: string }) => p.status).sort()).toEqual(['approved', 'declined']);
  });

  it('a nonce the provider never issued answers 422 and credits nothing', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const real = await nonce(app);
    const forged = { ...real, dataValue: `${real.dataValue.slice(0, -4)}AAAA` };
    const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: forged } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(REFUSED);
    const money = await moneyOf(app, user.id);
    expect(money).toMatchObject({ credits: 0, balance: 0, invoices: [] });
    expect(money.payments.map((p) => p.status)).toEqual(['declined']);
  });

  it('saving a card from a spent nonce answers the same 422 and saves nothing', async () => {
    const { token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await nonce(app);
    expect((await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } })).status).toBe(200);
    const res = await app.request('POST', '/api/payment/authorizenet/customer-profile', { token, body: { opaqueData } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(REFUSED);
    expect((await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data.count).toBe(0);
  });
});

describe('the Authorize.Net adapter reads the gateway’s refusals of a nonce', () => {
  let fake: FakeAuthorizeNet;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeAuthorizeNet();
    app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it.each([
    ['E00114', 'Invalid OTS Token.'],
    ['E00115', 'Expired OTS Token.'],
    ['E00116', 'OTS Token access violation'],
    ['E00117', "OTS Service Error 'Field validation error.'"],
  ])('%s (%s): 422, declined, not charged', async (code, text) => {
    const { user, token } = await createMember(app);
    const since = fake.charges.length;
    fake.failNext('createTransactionRequest', code, text);
    const res = await buy(app, token, {
      packageId: (await starter(app))._id,
      payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(REFUSED);
    expect(fake.charges.length).toBe(since);
    const money = await moneyOf(app, user.id);
    expect(money).toMatchObject({ credits: 0, balance: 0 });
    expect(money.payments[0]).toMatchObject({ status: 'declined' });
    expect(money.payments[0]!.failureMessage).toContain(text);
  });

  it('another refusal of the request itself stays a provider error (502)', async () => {
    const { user, token } = await createMember(app);
    fake.failNext('createTransactionRequest', 'E00007', 'User authentication failed due to invalid authentication values.');
    const res = await buy(app, token, {
      packageId: (await starter(app))._id,
      payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
    });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await moneyOf(app, user.id)).payments[0]).toMatchObject({ status: 'error' });
  });
});
