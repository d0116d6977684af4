import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

/**
 * POST /payment/transactions/request takes what a client written from the spec sends
 * (docs/product.md#compatibility): `{ packageId, opaqueData }` for a card, `{ packageId,
 * paymentProfileId }` for a saved card, with or without an idempotency key.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const request = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/payment/transactions/request', { token, body });
const cardsOf = async (token: string) => (await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data;

describe('a card nonce, the Accept.js way: { packageId, opaqueData }', () => {
  it('buys, and the balance reads in tokens', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const res = await request(token, { packageId: pkg._id, opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) });
    expect(res.status).toBe(200);
    expect(res.body.data.balance).toBe(100);
    expect(res.body.data.payment).toMatchObject({ status: 'approved', tokens: 100, amountCents: 999, amount: 9.99, cardLast4: '1111' });
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: 100 });
  });

  it('charges once when the same nonce is sent twice without a key', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

    const first = await request(token, { packageId: pkg._id, opaqueData });
    const again = await request(token, { packageId: pkg._id, opaqueData });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data.payment._id).toBe(first.body.data.payment._id);

    const money = await moneyOf(app, user.id);
    expect(money).toMatchObject({ credits: 1, balance: 100 });
    expect(money.payments).toHaveLength(1);
    expect(money.invoices).toHaveLength(1);
  });

  it('charges once when the same nonce is sent twice at the same moment without a key', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

    const answers = await Promise.all([0, 1, 2].map(() => request(token, { packageId: pkg._id, opaqueData })));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: 100 });
    expect((await moneyOf(app, user.id)).payments).toHaveLength(1);
  });

  it('saves the card when asked with saveCard', async () => {
    const { token } = await createMember(app);
    const pkg = await starter(app);
    const res = await request(token, { packageId: pkg._id, opaqueData: await sandboxNonce(app, '5424000000000015'), saveCard: true });
    expect(res.status).toBe(200);
    expect((await cardsOf(token)).items).toEqual([
      { _id: expect.any(String), cardLast4: '0015', cardBrand: 'MasterCard', expiry: '2031-12' },
    ]);
  });
});

describe('a saved card: { packageId, paymentProfileId }', () => {
  it('buys with the saved card’s _id, and without a key each request is a new purchase', async () => {
    const { user, token } = await createMember(app);
    const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
      token,
      body: { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
    });
    expect(saved.status).toBe(201);
    const pkg = await starter(app);

    const first = await request(token, { packageId: pkg._id, paymentProfileId: saved.body.data._id });
    const second = await request(token, { packageId: pkg._id, paymentProfileId: saved.body.data._id });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.payment).toMatchObject({ status: 'approved', cardLast4: '1111', cardBrand: 'Visa' });
    expect(second.body.data.payment._id).not.toBe(first.body.data.payment._id);
    expect(second.body.data.balance).toBe(200);
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 2, balance: 200 });
  });

  it('with a key, a retry buys once', async () => {
    const { user, token } = await createMember(app);
    const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
      token,
      body: { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
    });
    const pkg = await starter(app);
    const body = { packageId: pkg._id, paymentProfileId: saved.body.data._id, idempotencyKey: 'checkout-0001' };
    const first = await request(token, body);
    const again = await request(token, body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data.payment._id).toBe(first.body.data.payment._id);
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: 100 });
  });

  it('answers 404 for a card that is not the member’s', async () => {
    const { user, token } = await createMember(app);
    const res = await request(token, { packageId: (await starter(app))._id, paymentProfileId: randomUUID() });
    expect(res.status).toBe(404);
    expect((await moneyOf(app, user.id)).payments).toEqual([]);
  });
});

describe('idempotency keys are opaque strings of 8 to 255 characters', () => {
  it('a key that is not a UUID works, and a retry with it charges once', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
    const idempotencyKey = 'order-2031-000042';
    const first = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data.payment._id).toBe(first.body.data.payment._id);
    expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: 100 });
  });

  it('refuses a key shorter than 8 or longer than 255 characters, naming it', async () => {
    const { token } = await createMember(app);
    const pkg = await starter(app);
    const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
    for (const idempotencyKey of ['1234567', 'k'.repeat(256)]) {
      const res = await request(token, { packageId: pkg._id, opaqueData, idempotencyKey });
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('idempotencyKey: idempotencyKey must be 8 to 255 characters');
    }
  });
});

describe('what the request must say', () => {
  it('asks how to pay when no card is sent, and for one way only when two are', async () => {
    const { user, token } = await createMember(app);
    const pkg = await starter(app);
    const none = await request(token, { packageId: pkg._id });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.details.fields)).toEqual(['opaqueData']);

    const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
    const both = await request(token, { packageId: pkg._id, opaqueData, paymentProfileId: randomUUID() });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.details.fields)).toEqual(['paymentProfileId']);
    expect(both.body.msg).toBe('paymentProfileId: Pay one way only: opaqueData or paymentProfileId');
    expect((await moneyOf(app, user.id)).payments).toEqual([]);
  });

  it('is documented with only packageId required, and its compatibility rules', async () => {
    const operation = (await app.request('GET', '/api/docs/json')).body.paths['/api/payment/transactions/request'].post;
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['packageId']);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['packageId', 'opaqueData', 'saveCard', 'paymentProfileId', 'payment', 'idempotencyKey']),
    );
    expect(operation.description).toContain('{ packageId, opaqueData, saveCard? }');
    expect(operation.description).toContain('{ packageId, paymentProfileId }');
  });
});
