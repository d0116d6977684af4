import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, buyerWith, expectLedgerClean, modelWithItem, purchase, writtenFor } from './helpers';

/**
 * docs/product.md#price-changes: a purchase carries the price the buyer saw as `expectedPrice`
 * (the name every paid action uses; `price`, its older name, is still read); a different current
 * price answers 409 PRICE_CHANGED with the price now and charges nothing.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await expectLedgerClean(app);
});
afterAll(() => app.close());

it('refuses a purchase at the price seen once the model raised it to 10,000 tokens, then buys at the new price', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 10_050);
  const raised = await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { price: 10_000 } });
  expect(raised.status).toBe(200);
  const before = await writtenFor(app, buyer.user.id);

  const stale = await purchase(app, buyer.token, { sellItemId: item._id, expectedPrice: 10 });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({
    code: 'PRICE_CHANGED',
    msg: 'The price of this item is now 10,000.00 tokens. Check it and buy again.',
    message: 'The price of this item is now 10,000.00 tokens. Check it and buy again.',
    details: { price: 10_000 },
  });
  expect(await writtenFor(app, buyer.user.id)).toEqual(before);
  expect(await balanceOf(app, buyer.token)).toBe(10_050);

  const agreed = await purchase(app, buyer.token, { sellItemId: item._id, expectedPrice: 10_000 });
  expect(agreed.status, JSON.stringify(agreed.body)).toBe(201);
  expect(agreed.body.data).toMatchObject({ price: 10_000, balance: 50 });
});

it('charges a client written from the spec (sellItemId only) the current price', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 30);
  expect((await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { price: 12.5 } })).status).toBe(200);
  const res = await purchase(app, buyer.token, { sellItemId: item._id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data).toMatchObject({ price: 12.5, balance: 17.5 });
});

it('refuses an expectedPrice with more than two decimals, naming the field', async () => {
  const { item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 30);
  const res = await purchase(app, buyer.token, { sellItemId: item._id, expectedPrice: 10.001 });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('expectedPrice: expectedPrice has at most two decimals');
  expect(await balanceOf(app, buyer.token)).toBe(30);
});
