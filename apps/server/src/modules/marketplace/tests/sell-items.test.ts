import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createItem, modelWithItem, sellItemRow, uploadMedia } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const listOf = (modelId: string, query = '', token?: string) =>
  app.request('GET', `/api/sell-item/model?modelId=${modelId}${query}`, token ? { token } : {});

it('puts a photo on sale: the item says what the file is, its price in tokens, and the seller', async () => {
  const model = await createModel(app, { name: 'Mia Rossi' });
  const { media } = await uploadMedia(app, model.token, 'photo');
  const uploaded = (await app.request('GET', '/api/sell-item/me', { token: model.token })).body.data;
  expect(uploaded).toEqual({ items: [], count: 0 });

  const res = await createItem(app, model.token, { mediaId: media._id, name: '  Sunset set  ', description: 'Ten photos', price: 12.5 });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    modelId: model.user.id,
    model: { _id: model.user.id, username: model.user.username, name: 'Mia Rossi', avatarUrl: null },
    name: 'Sunset set',
    description: 'Ten photos',
    price: 12.5,
    mediaType: 'photo',
    // Its seller sees her own photo clear; anyone else gets the blurred public preview.
    previewUrl: `/api/media/${media._id}/thumbnail`,
    mimeType: 'image/png',
    isPurchased: false,
    purchasedItem: null,
    mediaId: media._id,
    salesCount: 0,
  });
  expect(res.body.data.size).toBeGreaterThan(0);
});

it('takes the price as `token` too, and the kind of item from the file whatever the request claims', async () => {
  const model = await createModel(app);
  const { media } = await uploadMedia(app, model.token, 'file');
  const res = await createItem(app, model.token, { mediaId: media._id, name: 'Guide', token: 3, mediaType: 'photo' });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ price: 3, mediaType: 'file', mimeType: 'application/pdf', previewUrl: null, description: '' });
});

it("lists a model's items on sale for anyone, newest first, paged, without the seller's own fields", async () => {
  const model = await createModel(app);
  const names = ['First', 'Second', 'Third'];
  for (const name of names) {
    const { media } = await uploadMedia(app, model.token, 'file');
    expect((await createItem(app, model.token, { mediaId: media._id, name, price: 1 })).status).toBe(201);
  }

  const all = await listOf(model.user.id);
  expect(all.status).toBe(200);
  expect(all.body.data.count).toBe(3);
  expect(all.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Third', 'Second', 'First']);
  for (const item of all.body.data.items) {
    expect(item).not.toHaveProperty('mediaId');
    expect(item).not.toHaveProperty('salesCount');
    expect(item).toMatchObject({ isPurchased: false, purchasedItem: null });
  }

  const page = await listOf(model.user.id, '&limit=1&skip=1');
  expect(page.body.data).toMatchObject({ count: 3, items: [{ name: 'Second' }] });
  // A signed-in member who bought nothing sees the same.
  const member = await createMember(app);
  expect((await listOf(model.user.id, '', member.token)).body.data.items.map((i: { isPurchased: boolean }) => i.isPurchased)).toEqual([
    false,
    false,
    false,
  ]);
});

it('shows no store for someone who is not a visible, approved model', async () => {
  const member = await createMember(app);
  const pending = await createModel(app, { modelStatus: 'pending' });
  const suspended = await modelWithItem(app);
  await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.model.user.id));
  for (const id of [member.user.id, pending.user.id, suspended.model.user.id, '00000000-0000-4000-8000-000000000000']) {
    const res = await listOf(id);
    expect(res.status, id).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That model was not found.', message: 'That model was not found.' });
  }
});

it('gives the model their own items with the media behind each and how often it sold; others get 403', async () => {
  const { model, media, item } = await modelWithItem(app, { price: 4 });
  const mine = await app.request('GET', '/api/sell-item/me', { token: model.token });
  expect(mine.status).toBe(200);
  expect(mine.body.data).toMatchObject({ count: 1, items: [{ _id: item._id, mediaId: media._id, salesCount: 0, price: 4 }] });

  const member = await createMember(app);
  const refused = await app.request('GET', '/api/sell-item/me', { token: member.token });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('NOT_A_MODEL');
  expect(refused.body.msg).toBe('Only models sell items. Ordinary members buy them on a model’s profile.');
});

it('lets the model change the name, description and price; buyers see the new price', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const res = await app.request('PUT', `/api/sell-item/${item._id}`, {
    token: model.token,
    body: { name: 'Sunset set (remastered)', description: 'Now twelve photos', price: 7.25 },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ _id: item._id, name: 'Sunset set (remastered)', description: 'Now twelve photos', price: 7.25 });
  expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(item.updatedAt).getTime());

  const priceOnly = await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { token: 8 } });
  expect(priceOnly.body.data).toMatchObject({ name: 'Sunset set (remastered)', price: 8 });

  const listed = (await listOf(model.user.id)).body.data.items[0];
  expect(listed).toMatchObject({ name: 'Sunset set (remastered)', price: 8 });

  const nothing = await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: {} });
  expect(nothing.status).toBe(422);
  expect(nothing.body.msg).toBe('Change the name, description or price.');
});

it('takes an item off sale: gone from both lists, the row kept for its buyers; a second delete changes nothing', async () => {
  const { model, item } = await modelWithItem(app);
  const res = await app.request('DELETE', `/api/sell-item/${item._id}`, { token: model.token });
  expect(res.status).toBe(204);
  expect(res.body).toBeUndefined();
  expect((await listOf(model.user.id)).body.data).toEqual({ items: [], count: 0 });
  expect((await app.request('GET', '/api/sell-item/me', { token: model.token })).body.data).toEqual({ items: [], count: 0 });
  expect((await sellItemRow(app, item._id))?.removedAt).toBeInstanceOf(Date);

  expect((await app.request('DELETE', `/api/sell-item/${item._id}`, { token: model.token })).status).toBe(204);
  // Off sale is final: it cannot be edited back.
  const edit = await app.request('PUT', `/api/sell-item/${item._id}`, { token: model.token, body: { price: 2 } });
  expect(edit.status).toBe(404);
});
