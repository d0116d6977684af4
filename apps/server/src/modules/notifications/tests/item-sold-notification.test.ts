import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { upload, samplePdf } from '../../media/tests/helpers';
import { allOf, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A model with a file on sale at `price` tokens; answers the model and the item's id. */
async function itemOnSale(name: string, price: number) {
  const model = await createModel(app);
  const media = await upload(
    app,
    '/api/media/files',
    { name: 'guide.pdf', type: 'application/pdf', content: samplePdf() },
    { token: model.token },
  );
  const item = await app.request('POST', '/api/sell-item', { token: model.token, body: { mediaId: media.body.data._id, name, price } });
  expect(item.status).toBe(201);
  return { model, itemId: item.body.data._id as string };
}

it('tells the seller who bought which item for how much, with a link to their earnings, and the buyer nothing', async () => {
  const { model, itemId } = await itemOnSale('Lighting guide', 12.5);
  const buyer = await createMember(app, { name: 'Ada Lovelace' });
  await giveTokens(app, buyer.user.id, 100);

  const bought = await app.request('POST', '/api/purchase-item', { token: buyer.token, body: { sellItemId: itemId } });
  expect(bought.status).toBe(201);
  const [notification] = (await waitForNotifications(app, model.token, 1)).items;
  expect(notification).toMatchObject({
    type: 'item_sold',
    text: 'Ada Lovelace bought Lighting guide for 12.50 tokens',
    link: '/earnings',
    actor: { _id: buyer.user.id, name: 'Ada Lovelace', username: buyer.user.username },
    read: false,
  });

  // A refused second purchase sells nothing and tells no one.
  expect((await app.request('POST', '/api/purchase-item', { token: buyer.token, body: { sellItemId: itemId } })).status).toBe(409);
  expect((await allOf(app, model.token)).count).toBe(1);
  expect(await allOf(app, buyer.token)).toEqual({ items: [], count: 0 });
});

it('says nothing to the seller when the purchase is refused for want of tokens', async () => {
  const { model, itemId } = await itemOnSale('Preset pack', 5);
  const buyer = await createMember(app);
  const refused = await app.request('POST', '/api/purchase-item', { token: buyer.token, body: { sellItemId: itemId } });
  expect(refused.status).toBe(402);
  // A sale that happens afterwards is the first and only notification.
  await giveTokens(app, buyer.user.id, 5);
  expect((await app.request('POST', '/api/purchase-item', { token: buyer.token, body: { sellItemId: itemId } })).status).toBe(201);
  const { items } = await waitForNotifications(app, model.token, 1);
  expect(items.map((n) => n.type)).toEqual(['item_sold']);
});
