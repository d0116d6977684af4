import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, type OpaqueData } from '@cc/contracts';
import { FAKE_CARDS, startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createAdmin, createMember, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buyerWith, modelWithItem, purchase as buyItem } from '../../marketplace/tests/helpers';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

/**
 * docs/product.md#idempotency: a key repeated with the same request answers the first result; the
 * same key with another request (another amount, package or recipient) is a client bug, answered 409
 * with nothing done — never the first request's result, which would look like the second succeeded.
 */

const balanceOf = async (app: TestApp, token: string) => (await app.request('GET', '/api/users/me', { token })).body.data.balance;

describe.each([
  { name: 'the sandbox', authorizenet: false },
  { name: 'Authorize.Net', authorizenet: true },
])('token purchases with $name', ({ authorizenet }) => {
  let app: TestApp;
  let fake: FakeAuthorizeNet | undefined;
  let nonce: () => Promise<OpaqueData>;
  beforeAll(async () => {
    if (authorizenet) {
      const started = await startFakeAuthorizeNet();
      fake = started;
      app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: started.config } } });
      nonce = async () => started.nonceFor(FAKE_CARDS.approved);
    } else {
      app = await createTestApp();
      nonce = () => sandboxNonce(app, SANDBOX_CARDS.approved);
    }
  });
  afterAll(async () => {
    await app.close();
    await fake?.close();
  });

  it('the same key and package answer the first purchase; another package answers 409 and charges nothing', async () => {
    const { user, token } = await createMember(app);
    const admin = await createAdmin(app);
    const pkg = await starter(app);
    const other = await app.request('POST', '/api/admin/token-packages', {
      token: admin.token,
      body: { name: `Other ${randomUUID().slice(0, 8)}`, tokens: 500, priceCents: 100 },
    });
    expect(other.status).toBe(201);
    const idempotencyKey = randomUUID();
    const opaqueData = await nonce();
    const charges = fake?.charges.length ?? 0;

    const first = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    expect(first.status).toBe(200);
    const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
    expect(again.status).toBe(200);
    expect(again.body.data.payment._id).toBe(first.body.data.payment._id);

    const switched = await buy(app, token, {
      packageId: other.body.data._id,
      idempotencyKey,
      payment: { kind: 'card', opaqueData: await nonce() },
    });
    expect(switched.status).toBe(409);
    expect(switched.body.code).toBe('CONFLICT');

    const money = await moneyOf(app, user.id);
    expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
    expect(money.payments).toHaveLength(1);
    if (fake) expect(fake.charges.length - charges).toBe(1);
  });
});

describe('tips and balance adjustments', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const tip = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/share-love/create', { token, body });

  it('a tip repeated with its key tips once and answers the first tip', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await giveTokens(app, member.user.id, 50);
    const idempotencyKey = randomUUID();
    const first = await tip(member.token, { modelId: model.user.id, token: 5, idempotencyKey });
    expect(first.status).toBe(201);
    const again = await tip(member.token, { modelId: model.user.id, token: 5, idempotencyKey });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(app, member.token)).toBe(45);
  });

  it('the key of a tip sent again with another amount answers 409 and moves nothing', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await giveTokens(app, member.user.id, 50);
    const idempotencyKey = randomUUID();
    expect((await tip(member.token, { modelId: model.user.id, token: 5, idempotencyKey })).status).toBe(201);

    const bigger = await tip(member.token, { modelId: model.user.id, token: 20, idempotencyKey });
    expect(bigger.status).toBe(409);
    expect(bigger.body).toMatchObject({ code: 'CONFLICT', msg: expect.stringMatching(/already used for a different request/) });
    expect(await balanceOf(app, member.token)).toBe(45);
    expect(await balanceOf(app, model.token)).toBe(4);
  });

  it('the key of a tip sent again to another model answers 409 and moves nothing', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    const otherModel = await createModel(app);
    await giveTokens(app, member.user.id, 50);
    const idempotencyKey = randomUUID();
    expect((await tip(member.token, { modelId: model.user.id, token: 5, idempotencyKey })).status).toBe(201);

    const elsewhere = await tip(member.token, { modelId: otherModel.user.id, token: 5, idempotencyKey });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.code).toBe('CONFLICT');
    expect(await balanceOf(app, member.token)).toBe(45);
    expect(await balanceOf(app, otherModel.token)).toBe(0);
  });

  it('an adjustment repeated with its key adjusts once; with another amount it answers 409', async () => {
    const admin = await createAdmin(app);
    const member = await createMember(app);
    const adjust = (body: Record<string, unknown>) =>
      app.request('POST', `/api/admin/users/${member.user.id}/adjust-balance`, { token: admin.token, body });
    const idempotencyKey = randomUUID();
    expect((await adjust({ amount: 7, reason: 'Goodwill', idempotencyKey })).status).toBe(200);
    expect((await adjust({ amount: 7, reason: 'Goodwill', idempotencyKey })).status).toBe(200);
    const other = await adjust({ amount: 70, reason: 'Goodwill', idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CONFLICT');
    expect(await balanceOf(app, member.token)).toBe(7);
  });
});

describe('item purchases', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('a purchase repeated with its key answers the first purchase and charges once', async () => {
    const { item } = await modelWithItem(app, { price: 12.5 });
    const buyer = await buyerWith(app, 50);
    const idempotencyKey = randomUUID();
    const first = await buyItem(app, buyer.token, { sellItemId: item._id, idempotencyKey });
    expect(first.status).toBe(201);
    const again = await buyItem(app, buyer.token, { sellItemId: item._id, idempotencyKey });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(app, buyer.token)).toBe(37.5);
  });

  it('the key of a purchase sent again for another item answers 409 and buys nothing', async () => {
    const { item } = await modelWithItem(app, { price: 12.5 });
    const { item: other } = await modelWithItem(app, { price: 5 });
    const buyer = await buyerWith(app, 50);
    const idempotencyKey = randomUUID();
    expect((await buyItem(app, buyer.token, { sellItemId: item._id, idempotencyKey })).status).toBe(201);

    const switched = await buyItem(app, buyer.token, { sellItemId: other._id, idempotencyKey });
    expect(switched.status).toBe(409);
    expect(switched.body).toMatchObject({ code: 'CONFLICT', msg: expect.stringMatching(/already used for a different request/) });
    expect(await balanceOf(app, buyer.token)).toBe(37.5);
    expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.count).toBe(1);
  });
});
