import { randomUUID } from 'node:crypto';
import { xchatServerEventSchemas } from '@cc/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { socketServer } from '../../../test-support/sockets';
import { next, roundTrip } from '../../messaging/tests/helpers';
import { buyerWith, modelWithItem, purchase } from './helpers';

// The xChat client's purchased_item to the seller, beside our notification (docs/product.md#sockets).

let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
beforeAll(async () => {
  app = await createTestApp();
  sockets = await socketServer(app);
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

it('purchased_item reaches the seller with the item, the buyer and the price in tokens; the buyer hears only balance_updated', async () => {
  const { model, item } = await modelWithItem(app, { price: 12.5, name: 'Sunset set' });
  const buyer = await buyerWith(app, 50);
  const [modelTab, buyerTab] = await Promise.all([sockets.connected(model.token), sockets.connected(buyer.token)]);
  const buyerPurchases: unknown[] = [];
  buyerTab.on('purchased_item', (payload) => buyerPurchases.push(payload));
  const [sold, buyerBalance] = [next(modelTab, 'purchased_item'), next(buyerTab, 'balance_updated', (p) => p.balance === 37.5)];

  const res = await purchase(app, buyer.token, { sellItemId: item._id, idempotencyKey: randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const payload = await sold;
  expect(xchatServerEventSchemas.purchased_item.safeParse(payload).success).toBe(true);
  expect(payload).toMatchObject({
    userId: buyer.user.id,
    modelId: model.user.id,
    type: 'purchased_item',
    token: 12.5,
    itemId: item._id,
    item: { _id: item._id, name: 'Sunset set', price: 12.5 },
    status: 'approved',
    username: buyer.user.username,
  });
  expect(await buyerBalance).toEqual({ balance: 37.5 });
  await roundTrip(buyerTab);
  expect(buyerPurchases).toEqual([]);
});

it('with legacySocketEvents off no purchased_item is sent', async () => {
  await app.ctx.settings.update({ legacySocketEvents: false });
  try {
    const { model, item } = await modelWithItem(app, { price: 5 });
    const buyer = await buyerWith(app, 50);
    const modelTab = await sockets.connected(model.token);
    const heard: unknown[] = [];
    modelTab.on('purchased_item', (payload) => heard.push(payload));
    const ours = next(modelTab, 'notification:created');
    expect((await purchase(app, buyer.token, { sellItemId: item._id, idempotencyKey: randomUUID() })).status).toBe(201);
    await ours;
    await roundTrip(modelTab);
    expect(heard).toEqual([]);
  } finally {
    await app.ctx.settings.update({ legacySocketEvents: true });
  }
});
