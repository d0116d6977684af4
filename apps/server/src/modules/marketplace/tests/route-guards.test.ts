import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellItems } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buyerWith, createItem, expectLedgerClean, modelWithItem, purchase, uploadMedia, writtenFor, type Member } from './helpers';

let app: TestApp;
let seller: Awaited<ReturnType<typeof modelWithItem>>;
let buyer: Member;
let purchaseId: string;

beforeAll(async () => {
  app = await createTestApp();
  seller = await modelWithItem(app, { price: 5 });
  buyer = await buyerWith(app, 20);
  const bought = await purchase(app, buyer.token, { sellItemId: seller.item._id });
  expect(bought.status).toBe(201);
  purchaseId = bought.body.data._id;
});
afterAll(() => app.close());

const itemsOf = async (modelId: string) => app.ctx.db.select().from(sellItems).where(eq(sellItems.modelId, modelId));

describe('who may call each route', () => {
  it('answers 401 to a signed-out visitor on every route that needs a member, and writes nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/sell-item', { mediaId: seller.media._id, name: 'Stolen', price: 1 }],
      ['GET', '/api/sell-item/me'],
      ['PUT', `/api/sell-item/${seller.item._id}`, { price: 1 }],
      ['DELETE', `/api/sell-item/${seller.item._id}`],
      ['GET', '/api/purchase-item'],
      ['POST', '/api/purchase-item', { sellItemId: seller.item._id }],
      ['DELETE', `/api/purchase-item/${purchaseId}`],
      ['GET', `/api/purchase-item/${purchaseId}/download/`],
    ];
    for (const [method, url, body] of routes) {
      const res = await app.request(method, url, { body });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect(await itemsOf(seller.model.user.id)).toMatchObject([{ price: 500, removedAt: null }]);
    expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.count).toBe(1);
  });

  it('answers 403 NOT_A_MODEL to an ordinary member on the seller routes, and writes nothing', async () => {
    const member = await createMember(app);
    const { media } = await uploadMedia(app, member.token, 'photo');
    const routes: [string, string, unknown?][] = [
      ['POST', '/api/sell-item', { mediaId: media._id, name: 'Mine', price: 1 }],
      ['GET', '/api/sell-item/me'],
      ['PUT', `/api/sell-item/${seller.item._id}`, { price: 1 }],
      ['DELETE', `/api/sell-item/${seller.item._id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await app.request(method, url, { token: member.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({
        code: 'NOT_A_MODEL',
        msg: 'Only models sell items. Ordinary members buy them on a model’s profile.',
        message: 'Only models sell items. Ordinary members buy them on a model’s profile.',
      });
    }
    expect(await itemsOf(member.user.id)).toEqual([]);
    expect(await itemsOf(seller.model.user.id)).toMatchObject([{ price: 500, removedAt: null }]);
  });

  it('answers 403 to a model an administrator has not approved yet, with a sentence saying why', async () => {
    const pending = await createModel(app, { modelStatus: 'pending' });
    const { media } = await uploadMedia(app, pending.token, 'photo');
    const res = await createItem(app, pending.token, { mediaId: media._id, name: 'Too soon', price: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'NOT_A_MODEL',
      msg: 'Your profile is not approved yet. You can sell items once an administrator approves it.',
      message: 'Your profile is not approved yet. You can sell items once an administrator approves it.',
    });
    expect(await itemsOf(pending.user.id)).toEqual([]);
  });

  it("answers 404 to another model editing or deleting someone else's item, which stays as it was", async () => {
    const other = await createModel(app);
    for (const [method, body] of [
      ['PUT', { price: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await app.request(method, `/api/sell-item/${seller.item._id}`, { token: other.token, body });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That item was not found.', message: 'That item was not found.' });
    }
    expect(await itemsOf(seller.model.user.id)).toMatchObject([{ price: 500, removedAt: null }]);
  });

  it("answers 404 to another member hiding or downloading someone else's purchase, which stays in the buyer's list", async () => {
    const other = await createMember(app);
    for (const [method, url] of [
      ['DELETE', `/api/purchase-item/${purchaseId}`],
      ['GET', `/api/purchase-item/${purchaseId}/download/`],
    ] as const) {
      const res = await app.request(method, url, { token: other.token });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That purchase was not found.', message: 'That purchase was not found.' });
    }
    // The seller is not the buyer either.
    expect((await app.request('GET', `/api/purchase-item/${purchaseId}/download/`, { token: seller.model.token })).status).toBe(404);
    expect((await app.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.items).toMatchObject([{ _id: purchaseId }]);
    expect((await app.request('GET', '/api/purchase-item', { token: other.token })).body.data).toEqual({ items: [], count: 0 });
  });
});

describe('bad input', () => {
  let model: Member;
  let mediaId: string;
  beforeAll(async () => {
    model = await createModel(app);
    mediaId = (await uploadMedia(app, model.token, 'photo')).media._id;
  });

  it.each([
    [{ mediaId: undefined, name: 'No file', price: 1 }, 'mediaId'],
    [{ mediaId: 'abc', name: 'Bad id', price: 1 }, 'mediaId'],
    [{ mediaId: ['x', { y: 1 }], name: 'Junk', price: 1 }, 'mediaId'],
    [{ price: 1 }, 'name'],
    [{ name: '   ', price: 1 }, 'name'],
    [{ name: 'x'.repeat(121), price: 1 }, 'name'],
    [{ name: 'Sun\u0000set', price: 1 }, 'name'],
    [{ name: { a: { b: [1, 2, { c: null }] } }, price: 1 }, 'name'],
    [{ name: 'Long', description: 'd'.repeat(2001), price: 1 }, 'description'],
    [{ name: 'Nul', description: 'a\u0000b', price: 1 }, 'description'],
    [{ name: 'No price' }, 'price'],
    [{ name: 'Cheap', price: 0.99 }, 'price'],
    [{ name: 'Precise', price: 12.345 }, 'price'],
    [{ name: 'Negative', price: -5 }, 'price'],
    [{ name: 'Text', price: '0x10' }, 'price'],
    [{ name: 'Dear', price: 100_000.01 }, 'price'],
    [{ name: 'Infinite', price: 1e308 }, 'price'],
    [{ name: 'Token', token: 1.001 }, 'token'],
  ])('POST /sell-item %j answers 422 naming %s and stores nothing', async (input, field) => {
    // JSON drops an undefined mediaId: that case sends none.
    const res = await createItem(app, model.token, { mediaId, ...input });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.msg).toContain(field);
    expect(res.body.details.fields).toHaveProperty([field]);
    expect(await itemsOf(model.user.id)).toEqual([]);
  });

  it("refuses a mediaId that is not the model's own upload (another member's, unknown) with 422 on mediaId", async () => {
    const member = await createMember(app);
    const theirs = (await uploadMedia(app, member.token, 'photo')).media._id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await createItem(app, model.token, { mediaId: id, name: 'Not mine', price: 1 });
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('mediaId: That file was not found among your uploads.');
      expect(res.body.details.fields).toEqual({ mediaId: 'Upload the photo, video or file first' });
    }
    expect(await itemsOf(model.user.id)).toEqual([]);
  });

  it('refuses a body too big to be a request (2 MB name) before reading it', async () => {
    const res = await createItem(app, model.token, { mediaId, name: 'n'.repeat(2 * 1024 * 1024), price: 1 });
    expect(res.status).toBe(413);
    expect(await itemsOf(model.user.id)).toEqual([]);
  });

  it('refuses bad edits naming the field, and leaves the item as it was', async () => {
    for (const [body, field] of [
      [{ price: 0 }, 'price'],
      [{ price: 1.234 }, 'price'],
      [{ name: '' }, 'name'],
      [{ name: 'a\u0000' }, 'name'],
      [{ description: ['x'] }, 'description'],
    ] as const) {
      const res = await app.request('PUT', `/api/sell-item/${seller.item._id}`, { token: seller.model.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details.fields).toHaveProperty([field]);
    }
    expect((await app.request('PUT', '/api/sell-item/not-an-id', { token: seller.model.token, body: { price: 2 } })).status).toBe(422);
    expect(await itemsOf(seller.model.user.id)).toMatchObject([{ name: 'Sunset set', price: 500 }]);
  });

  it('refuses bad purchases naming the field, and charges nothing', async () => {
    const member = await buyerWith(app, 50);
    const before = await writtenFor(app, member.user.id);
    for (const [body, field] of [
      [{}, 'sellItemId'],
      [{ sellItemId: 'item-1' }, 'sellItemId'],
      [{ sellItemId: { $ne: null } }, 'sellItemId'],
      [{ sellItemId: seller.item._id, price: 5.001 }, 'price'],
      [{ sellItemId: seller.item._id, price: 'five' }, 'price'],
      [{ sellItemId: seller.item._id, idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ sellItemId: seller.item._id, idempotencyKey: 'k'.repeat(256) }, 'idempotencyKey'],
      [{ sellItemId: seller.item._id, idempotencyKey: 'key\u0000with-nul' }, 'idempotencyKey'],
    ] as const) {
      const res = await purchase(app, member.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details.fields).toHaveProperty([field]);
    }
    expect(await writtenFor(app, member.user.id)).toEqual(before);
    expect((await app.request('GET', '/api/users/me', { token: member.token })).body.data.balance).toBe(50);
  });

  it('refuses bad list queries and ids naming the field', async () => {
    for (const [url, field] of [
      ['/api/sell-item/model', 'modelId'],
      ['/api/sell-item/model?modelId=abc', 'modelId'],
      [`/api/sell-item/model?modelId=${seller.model.user.id}&limit=0`, 'limit'],
      [`/api/sell-item/model?modelId=${seller.model.user.id}&limit=101`, 'limit'],
      ['/api/sell-item/me?skip=-1', 'skip'],
      ['/api/purchase-item?limit=abc', 'limit'],
      ['/api/purchase-item/abc/download/', 'id'],
      ['/api/sell-item/abc/preview', 'id'],
    ] as const) {
      const res = await app.request('GET', url, { token: seller.model.token });
      expect(res.status, url).toBe(422);
      expect(res.body.msg, url).toContain(field);
    }
  });
});

it('keeps the ledger whole through all of it', async () => {
  await expectLedgerClean(app);
});
