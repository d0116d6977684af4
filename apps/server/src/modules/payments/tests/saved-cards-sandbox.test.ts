import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { paymentMethods } from '../../../db/schema';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const cardsOf = async (token: string) => (await app.request('GET', '/api/payment/authorizenet/customer-profile', { token })).body.data;

it('saves a card from a nonce, shows it masked, buys with it and removes it', async () => {
  const { user, token } = await createMember(app);
  const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved, { month: '7', year: '2032' }) },
  });
  expect(saved.status).toBe(201);
  expect(saved.body.data).toEqual({ _id: expect.any(String), cardLast4: '1111', cardBrand: 'Visa', expiry: '2032-07' });
  expect(await cardsOf(token)).toEqual({ items: [saved.body.data], count: 1 });

  const pkg = await starter(app);
  const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'saved', paymentMethodId: saved.body.data._id } });
  expect(res.status).toBe(200);
  expect(res.body.data.payment).toMatchObject({ status: 'approved', cardLast4: '1111', cardBrand: 'Visa' });
  expect((await moneyOf(app, user.id)).balance).toBe(pkg.tokens);

  expect((await app.request('DELETE', `/api/payment/authorizenet/customer-profile/${saved.body.data._id}`, { token })).status).toBe(204);
  expect(await cardsOf(token)).toEqual({ items: [], count: 0 });
});

it('saves the card of an approved purchase when asked, and not of a declined one', async () => {
  const { token } = await createMember(app);
  const pkg = await starter(app);
  const declined = await buy(app, token, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.declined), saveCard: true },
  });
  expect(declined.status).toBe(402);
  expect((await cardsOf(token)).count).toBe(0);

  const approved = await buy(app, token, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, '5424000000000015'), saveCard: true },
  });
  expect(approved.status).toBe(200);
  const cards = await cardsOf(token);
  expect(cards.items).toEqual([{ _id: expect.any(String), cardLast4: '0015', cardBrand: 'MasterCard', expiry: '2031-12' }]);

  // The saved card buys again, under the same customer profile.
  const again = await buy(app, token, { packageId: pkg._id, payment: { kind: 'saved', paymentMethodId: cards.items[0]._id } });
  expect(again.status).toBe(200);
});

it('a saved declining card is declined', async () => {
  const { user, token } = await createMember(app);
  const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token,
    body: { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.declined) },
  });
  expect(saved.status).toBe(201);
  const res = await buy(app, token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'saved', paymentMethodId: saved.body.data._id },
  });
  expect(res.status).toBe(402);
  expect(res.body.code).toBe('CARD_DECLINED');
  expect((await moneyOf(app, user.id)).balance).toBe(0);
});

it('one member cannot see, use or remove another member’s card', async () => {
  const owner = await createMember(app);
  const other = await createMember(app);
  const saved = await app.request('POST', '/api/payment/authorizenet/customer-profile', {
    token: owner.token,
    body: { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
  });
  const id = saved.body.data._id as string;

  expect((await cardsOf(other.token)).count).toBe(0);
  const stolen = await buy(app, other.token, { packageId: (await starter(app))._id, payment: { kind: 'saved', paymentMethodId: id } });
  expect(stolen.status).toBe(404);
  expect((await moneyOf(app, other.user.id)).payments).toHaveLength(0);
  expect((await app.request('DELETE', `/api/payment/authorizenet/customer-profile/${id}`, { token: other.token })).status).toBe(404);
  expect((await cardsOf(owner.token)).count).toBe(1);
});

it('a spent or invalid nonce saves nothing', async () => {
  const { token } = await createMember(app);
  const before = (await app.ctx.db.select().from(paymentMethods)).length;
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
  expect((await app.request('POST', '/api/payment/authorizenet/customer-profile', { token, body: { opaqueData } })).status).toBe(201);
  const reused = await app.request('POST', '/api/payment/authorizenet/customer-profile', { token, body: { opaqueData } });
  expect(reused.status).toBe(422);
  expect(reused.body).toMatchObject({ code: 'CARD_NONCE_REFUSED', msg: expect.stringContaining('Please enter your card again.') });
  expect((await app.ctx.db.select().from(paymentMethods)).length).toBe(before + 1);
});
