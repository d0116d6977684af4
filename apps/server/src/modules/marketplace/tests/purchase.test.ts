import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { earnings, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, buyerWith, expectLedgerClean, freshKey, modelWithItem, purchase, writtenFor } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await expectLedgerClean(app);
});
afterAll(() => app.close());

const listOf = (modelId: string, token?: string) => app.request('GET', `/api/sell-item/model?modelId=${modelId}`, token ? { token } : {});

it('charges the buyer exactly the price once, pays the model the price less commission, and records an item earning', async () => {
  const { model, media, item } = await modelWithItem(app, { price: 12.5, name: 'Sunset set' });
  const buyer = await buyerWith(app, 50);

  const res = await purchase(app, buyer.token, { sellItemId: item._id, price: 12.5, idempotencyKey: freshKey() });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    sellItemId: item._id,
    modelId: model.user.id,
    model: { _id: model.user.id, username: model.user.username },
    name: 'Sunset set',
    mediaType: 'photo',
    price: 12.5,
    balance: 37.5,
    previewUrl: `/api/media/${media._id}/thumbnail`,
    downloadUrl: `/api/purchase-item/${res.body.data._id}/download/`,
    fileName: 'sunset.png',
    mimeType: 'image/png',
  });

  expect(await balanceOf(app, buyer.token)).toBe(37.5);
  // The default commission is 20 %: 2.50 of 12.50 stays with the site.
  expect(await balanceOf(app, model.token)).toBe(10);
  const earned = await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id));
  expect(earned).toMatchObject([
    { source: 'item', payerId: buyer.user.id, gross: 1250, commission: 250, net: 1000, transactionId: res.body.data.transactionId },
  ]);

  const mine = await app.request('GET', '/api/purchase-item', { token: buyer.token });
  expect(mine.body.data).toMatchObject({ count: 1, items: [{ _id: res.body.data._id, price: 12.5 }] });
  const sold = await app.request('GET', '/api/sell-item/me', { token: model.token });
  expect(sold.body.data.items[0]).toMatchObject({ _id: item._id, salesCount: 1 });
});

it('tells the buyer, and only the buyer, that they own the item when they look at the store', async () => {
  const { model, item } = await modelWithItem(app, { price: 2 });
  const buyer = await buyerWith(app, 10);
  const bought = (await purchase(app, buyer.token, { sellItemId: item._id })).body.data;

  const theirs = (await listOf(model.user.id, buyer.token)).body.data.items[0];
  expect(theirs).toMatchObject({ _id: item._id, isPurchased: true, purchasedItem: { _id: bought._id, sellItemId: item._id } });
  const other = await buyerWith(app, 0);
  for (const token of [other.token, model.token, undefined]) {
    expect((await listOf(model.user.id, token)).body.data.items[0]).toMatchObject({ isPurchased: false, purchasedItem: null });
  }
});

it('refuses a second purchase of the same item with 409 ALREADY_PURCHASED and charges nothing more', async () => {
  const { item } = await modelWithItem(app, { price: 5 });
  const buyer = await buyerWith(app, 20);
  const first = await purchase(app, buyer.token, { sellItemId: item._id, idempotencyKey: freshKey() });
  expect(first.status).toBe(201);
  const before = await writtenFor(app, buyer.user.id);

  const again = await purchase(app, buyer.token, { sellItemId: item._id, idempotencyKey: freshKey() });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({
    code: 'ALREADY_PURCHASED',
    msg: 'You already bought this item. It is in your purchases.',
    message: 'You already bought this item. It is in your purchases.',
    details: { purchaseId: first.body.data._id },
  });
  expect(await writtenFor(app, buyer.user.id)).toEqual(before);
  expect(await balanceOf(app, buyer.token)).toBe(15);
});

it('refuses with 409 PRICE_CHANGED and the new price when the price moved since the buyer saw it, charging nothing', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 30);
  expect((await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { price: 12.75 } })).status).toBe(200);
  const before = await writtenFor(app, buyer.user.id);

  const stale = await purchase(app, buyer.token, { sellItemId: item._id, price: 10 });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({
    code: 'PRICE_CHANGED',
    msg: 'The price of this item is now 12.75 tokens. Check it and buy again.',
    message: 'The price of this item is now 12.75 tokens. Check it and buy again.',
    details: { price: 12.75 },
  });
  expect(await writtenFor(app, buyer.user.id)).toEqual(before);
  expect(await balanceOf(app, buyer.token)).toBe(30);

  const agreed = await purchase(app, buyer.token, { sellItemId: item._id, price: 12.75 });
  expect(agreed.status).toBe(201);
  expect(agreed.body.data).toMatchObject({ price: 12.75, balance: 17.25 });
});

it('answers 402 with how many tokens are needed when the buyer is short, and writes nothing', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 4.5);
  const before = await writtenFor(app, buyer.user.id);

  const res = await purchase(app, buyer.token, { sellItemId: item._id, price: 10 });
  expect(res.status).toBe(402);
  expect(res.body).toEqual({
    code: 'INSUFFICIENT_TOKENS',
    msg: 'You need 10.00 tokens for this but have 4.50.',
    message: 'You need 10.00 tokens for this but have 4.50.',
    details: { needed: 10, balance: 4.5 },
  });
  expect(await writtenFor(app, buyer.user.id)).toEqual(before);
  expect(await balanceOf(app, buyer.token)).toBe(4.5);
  expect(await balanceOf(app, model.token)).toBe(0);
  expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.count).toBe(0);
  expect((await listOf(model.user.id, buyer.token)).body.data.items[0].isPurchased).toBe(false);
});

it('refuses the seller buying their own item (400), and items off sale or unknown (404)', async () => {
  const { model, item } = await modelWithItem(app, { price: 1 });
  const { item: removed, model: other } = await modelWithItem(app, { price: 1 });
  await app.ctx.ledger.creditCardPurchase({ userId: model.user.id, amount: 1000, idempotencyKey: freshKey(), memo: 'Test tokens' });

  const own = await purchase(app, model.token, { sellItemId: item._id });
  expect(own.status).toBe(400);
  expect(own.body.msg).toBe('You cannot buy your own item.');

  expect((await app.request('DELETE', `/api/sell-item/${removed._id}`, { token: other.token })).status).toBe(204);
  const buyer = await buyerWith(app, 10);
  for (const sellItemId of [removed._id, '00000000-0000-4000-8000-000000000000']) {
    const res = await purchase(app, buyer.token, { sellItemId });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That item is not on sale.', message: 'That item is not on sale.' });
  }
  expect(await writtenFor(app, buyer.user.id)).toMatchObject({ purchases: 0, earnings: 0 });
  expect(await balanceOf(app, model.token)).toBe(10);
});

it('refuses items of a model who is no longer visible (suspended), like items off sale', async () => {
  const { model, item } = await modelWithItem(app, { price: 1 });
  await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, model.user.id));
  const buyer = await buyerWith(app, 10);
  const res = await purchase(app, buyer.token, { sellItemId: item._id });
  expect(res.status).toBe(404);
  expect(await balanceOf(app, buyer.token)).toBe(10);
});

it('works for a client that sends only { sellItemId }: the current price is charged', async () => {
  const { item } = await modelWithItem(app, { price: 3.33 });
  const buyer = await buyerWith(app, 10);
  const res = await purchase(app, buyer.token, { sellItemId: item._id });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ price: 3.33, balance: 6.67 });
});

it('hides a purchase from the buyer’s list only: it stays bought, downloadable, and is not sold twice', async () => {
  const { model, item } = await modelWithItem(app, { price: 2 });
  const buyer = await buyerWith(app, 10);
  const bought = (await purchase(app, buyer.token, { sellItemId: item._id })).body.data;

  const hidden = await app.request('DELETE', `/api/purchase-item/${bought._id}`, { token: buyer.token });
  expect(hidden.status).toBe(204);
  expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data).toEqual({ items: [], count: 0 });
  expect((await app.request('DELETE', `/api/purchase-item/${bought._id}`, { token: buyer.token })).status).toBe(204);

  expect((await listOf(model.user.id, buyer.token)).body.data.items[0]).toMatchObject({ isPurchased: true });
  expect((await app.request('GET', bought.downloadUrl, { token: buyer.token })).status).toBe(200);
  expect((await purchase(app, buyer.token, { sellItemId: item._id })).status).toBe(409);
  expect(await balanceOf(app, buyer.token)).toBe(8);
});

it('lists purchases newest first and pages them', async () => {
  const buyer = await buyerWith(app, 100);
  const names = ['Alpha', 'Beta', 'Gamma'];
  for (const name of names) {
    const { item } = await modelWithItem(app, { price: 1, name });
    expect((await purchase(app, buyer.token, { sellItemId: item._id })).status).toBe(201);
  }
  const all = (await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data;
  expect(all.count).toBe(3);
  expect(all.items.map((p: { name: string }) => p.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
  const page = (await app.request('GET', '/api/purchase-item?limit=1&skip=2', { token: buyer.token })).body.data;
  expect(page).toMatchObject({ count: 3, items: [{ name: 'Alpha' }] });
});

it('keeps what the buyer bought as bought when the model edits the item afterwards', async () => {
  const { model, item } = await modelWithItem(app, { price: 4, name: 'Original' });
  const buyer = await buyerWith(app, 10);
  expect((await purchase(app, buyer.token, { sellItemId: item._id })).status).toBe(201);
  await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { name: 'Renamed', price: 9 } });
  expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.items[0]).toMatchObject({
    name: 'Original',
    price: 4,
  });
});
