import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import {
  balanceOf,
  buyerWith,
  createItem,
  expectLedgerClean,
  fetchBytes,
  modelWithItem,
  purchase,
  sellItemRow,
  uploadMedia,
  writtenFor,
  type Member,
} from './helpers';
import { auditTrail } from '../../../test-support/audit';

let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(async () => {
  await expectLedgerClean(app);
  await app.close();
});
afterEach(() => vi.restoreAllMocks());

const unknownId = '00000000-0000-4000-8000-000000000000';

const hide = (id: string, body: unknown = { reason: 'Shows a person who did not agree to it.' }, token = admin.token) =>
  app.request('POST', `/api/admin/sell-items/${id}/hide`, { token, body });
const restore = (id: string, token = admin.token) => app.request('POST', `/api/admin/sell-items/${id}/restore`, { token });
const adminList = (query = '', token = admin.token) => app.request('GET', `/api/admin/sell-items${query}`, { token });
const storeOf = (modelId: string, token?: string) =>
  app.request('GET', `/api/sell-item/model?modelId=${modelId}`, token ? { token } : undefined);
const mine = (token: string) => app.request('GET', '/api/sell-item/me', { token });

/** One target's audit trail, newest first, as an administrator reads it. */
const trail = (targetId: string) => auditTrail(app, admin.token, targetId);

const ITEM_NOT_ON_SALE = { code: 'NOT_FOUND', msg: 'That item is not on sale.', message: 'That item is not on sale.' };
const ITEM_NOT_FOUND = { code: 'NOT_FOUND', msg: 'That item was not found.', message: 'That item was not found.' };

describe('an administrator hides a sell item and it leaves the store', () => {
  let seller: Awaited<ReturnType<typeof modelWithItem>>;
  let earlyBuyer: Member;
  let bought: { _id: string; downloadUrl: string; previewUrl: string };
  const reason = 'Shows a person who did not agree to it.';

  beforeAll(async () => {
    seller = await modelWithItem(app, { kind: 'photo', price: 5 });
    earlyBuyer = await buyerWith(app, 20);
    const res = await purchase(app, earlyBuyer.token, { sellItemId: seller.item._id });
    expect(res.status).toBe(201);
    bought = res.body.data;
  });

  it('hides it with the trimmed reason and answers the row', async () => {
    const res = await hide(seller.item._id, { reason: `  ${reason}  ` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: seller.item._id,
      name: 'Sunset set',
      description: '',
      price: 5,
      mediaType: 'photo',
      model: { _id: seller.model.user.id, username: seller.model.user.username, name: seller.model.user.name },
      status: 'hidden',
      hiddenAt: expect.any(String),
      hiddenReason: reason,
      removedAt: null,
      purchases: 1,
      previewUrl: `/api/media/${seller.media._id}/thumbnail`,
      createdAt: seller.item.createdAt,
    });
    // The administrator's preview is the media thumbnail, which they may read whatever the status.
    expect((await fetchBytes(app, res.body.data.previewUrl, { token: admin.token })).status).toBe(200);
    expect(await sellItemRow(app, seller.item._id)).toMatchObject({ hiddenReason: reason, hiddenAt: expect.any(Date), removedAt: null });
  });

  it('is gone from the model’s store, its preview answers 404 as for a removed item', async () => {
    for (const token of [undefined, earlyBuyer.token, (await createMember(app)).token]) {
      const res = await storeOf(seller.model.user.id, token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ items: [], count: 0 });
    }
    const preview = await app.request('GET', `/api/sell-item/${seller.item._id}/preview`);
    expect(preview.status).toBe(404);
    expect(preview.body).toEqual(ITEM_NOT_FOUND);
  });

  it('cannot be bought: the answer of an item off sale, and nothing is charged or written', async () => {
    const member = await buyerWith(app, 20);
    const before = await writtenFor(app, member.user.id);
    for (const body of [{ sellItemId: seller.item._id }, { sellItemId: seller.item._id, price: 5 }]) {
      const res = await purchase(app, member.token, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(ITEM_NOT_ON_SALE);
    }
    expect(await writtenFor(app, member.user.id)).toEqual(before);
    expect(await balanceOf(app, member.token)).toBe(20);
    // A second purchase by the early buyer is refused the same way: the item is off sale.
    expect((await purchase(app, earlyBuyer.token, { sellItemId: seller.item._id })).body).toEqual(ITEM_NOT_ON_SALE);
  });

  it('stays bought by whoever bought it before: the purchase, its download and its thumbnail', async () => {
    const original = await fetchBytes(app, seller.media.url, { token: seller.model.token });
    const download = await fetchBytes(app, bought.downloadUrl, { token: earlyBuyer.token });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(original.bytes)).toBe(true);
    expect((await fetchBytes(app, seller.media.url, { token: earlyBuyer.token })).status).toBe(200);
    expect((await fetchBytes(app, bought.previewUrl, { token: earlyBuyer.token })).status).toBe(200);
    const purchases = await app.request('GET', '/api/purchase-item', { token: earlyBuyer.token });
    expect(purchases.body.data.items).toMatchObject([{ _id: bought._id, sellItemId: seller.item._id, price: 5 }]);
  });

  it('shows its model the item marked hidden with the reason, with a preview she may read; she may still edit it', async () => {
    const res = await mine(seller.model.token);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(1);
    const [own] = res.body.data.items;
    expect(own).toMatchObject({ _id: seller.item._id, hiddenAt: expect.any(String), hiddenReason: reason, salesCount: 1 });
    expect(own.previewUrl).toBe(`/api/media/${seller.media._id}/thumbnail`);
    expect((await fetchBytes(app, own.previewUrl, { token: seller.model.token })).status).toBe(200);

    const edited = await app.request('PUT', `/api/sell-item/${seller.item._id}`, { token: seller.model.token, body: { price: 6 } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ price: 6, hiddenReason: reason });
    // Still hidden: editing does not put it back.
    expect((await storeOf(seller.model.user.id)).body.data.count).toBe(0);
  });

  it('comes back on restore: listed, previewed and for sale again', async () => {
    const res = await restore(seller.item._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: seller.item._id, status: 'listed', hiddenAt: null, hiddenReason: null, price: 6 });

    expect((await storeOf(seller.model.user.id)).body.data.items).toMatchObject([{ _id: seller.item._id, price: 6 }]);
    expect((await fetchBytes(app, `/api/sell-item/${seller.item._id}/preview`)).status).toBe(200);
    const [own] = (await mine(seller.model.token)).body.data.items;
    expect(own).toMatchObject({ hiddenAt: null, hiddenReason: null, previewUrl: `/api/media/${seller.media._id}/thumbnail` });

    const member = await buyerWith(app, 20);
    const sold = await purchase(app, member.token, { sellItemId: seller.item._id, price: 6 });
    expect(sold.status).toBe(201);
    expect(sold.body.data.balance).toBe(14);
  });

  it('left one audit row per action, with the status and the reason before and after', async () => {
    const rows = await trail(seller.item._id);
    expect(rows.map((r) => r.action)).toEqual(['item.restore', 'item.hide']);
    expect(rows[1]).toMatchObject({
      actorEmail: admin.user.email,
      targetType: 'sell-item',
      targetId: seller.item._id,
      before: { status: 'listed', hiddenReason: null },
      after: { status: 'hidden', hiddenReason: reason },
    });
    expect(rows[0]).toMatchObject({
      actorEmail: admin.user.email,
      targetType: 'sell-item',
      targetId: seller.item._id,
      before: { status: 'hidden', hiddenReason: reason },
      after: { status: 'listed', hiddenReason: null },
    });
  });
});

describe('the administrators’ list', () => {
  let model: Member;
  const suffix = randomBytes(3).toString('hex');
  const ids: Record<'listed' | 'hidden' | 'removed' | 'underscore', string> = { listed: '', hidden: '', removed: '', underscore: '' };

  beforeAll(async () => {
    model = await createModel(app, { username: `lister_${suffix}` });
    const add = async (name: string) => {
      const { media } = await uploadMedia(app, model.token, 'file');
      const res = await createItem(app, model.token, { mediaId: media._id, name, price: 2 });
      expect(res.status).toBe(201);
      return res.body.data._id as string;
    };
    // Oldest first, so the list (newest first) reads them backwards.
    ids.listed = await add(`Listed ${suffix}`);
    ids.hidden = await add(`Hidden ${suffix}`);
    ids.removed = await add(`Removed ${suffix}`);
    ids.underscore = await add(`Poster_${suffix}`);
    expect((await hide(ids.hidden, { reason: 'Spam' })).status).toBe(200);
    expect((await app.request('DELETE', `/api/sell-item/${ids.removed}`, { token: model.token })).status).toBe(204);
  });

  const idsOf = (res: { body: { data: { items: { _id: string }[] } } }) => res.body.data.items.map((i) => i._id);

  it('lists every item of every status, newest first, with the model and the status', async () => {
    const res = await adminList(`?q=${model.user.username}`);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(4);
    expect(idsOf(res)).toEqual([ids.underscore, ids.removed, ids.hidden, ids.listed]);
    expect(res.body.data.items.map((i: { status: string }) => i.status)).toEqual(['listed', 'removed', 'hidden', 'listed']);
    expect(res.body.data.items[1]).toMatchObject({ removedAt: expect.any(String), hiddenAt: null, previewUrl: null, mediaType: 'file' });
    expect(res.body.data.items[2]).toMatchObject({ hiddenReason: 'Spam', model: { _id: model.user.id, username: model.user.username } });
  });

  it('filters by status; empty means all', async () => {
    const scoped = `&q=${model.user.username}`;
    expect(idsOf(await adminList(`?status=listed${scoped}`))).toEqual([ids.underscore, ids.listed]);
    expect(idsOf(await adminList(`?status=hidden${scoped}`))).toEqual([ids.hidden]);
    expect(idsOf(await adminList(`?status=removed${scoped}`))).toEqual([ids.removed]);
    expect((await adminList(`?status=${scoped}`)).body.data.count).toBe(4);
    // Across all models, a status filter answers only that status.
    const hidden = await adminList('?status=hidden&limit=100');
    expect(hidden.body.data.items.every((i: { status: string }) => i.status === 'hidden')).toBe(true);
  });

  it('finds by the item’s name or the model’s username (case, spaces and @ aside), wildcards taken literally', async () => {
    expect(idsOf(await adminList(`?q=${encodeURIComponent(`  hidden ${suffix.toUpperCase()} `)}`))).toEqual([ids.hidden]);
    expect((await adminList(`?q=${encodeURIComponent(`@${model.user.username}`)}`)).body.data.count).toBe(4);
    expect((await adminList(`?q=LISTER_${suffix}`)).body.data.count).toBe(4);
    // '_' is a character, not "any character": 'Poster_' does not find 'PosterX'.
    expect(idsOf(await adminList(`?q=Poster_${suffix}`))).toEqual([ids.underscore]);
    expect((await adminList(`?q=${encodeURIComponent('%')}${suffix}`)).body.data).toEqual({ items: [], count: 0 });
    expect((await adminList(`?q=nothing-like-this-${suffix}`)).body.data).toEqual({ items: [], count: 0 });
  });

  it('pages, counting the whole list', async () => {
    const res = await adminList(`?q=${model.user.username}&limit=2&skip=1`);
    expect(res.body.data.count).toBe(4);
    expect(idsOf(res)).toEqual([ids.removed, ids.hidden]);
  });

  it('counts purchases', async () => {
    const sold = await modelWithItem(app, { price: 1, name: `Sold ${suffix}` });
    for (let i = 0; i < 2; i++) {
      const buyer = await buyerWith(app, 5);
      expect((await purchase(app, buyer.token, { sellItemId: sold.item._id })).status).toBe(201);
    }
    expect((await adminList(`?q=${encodeURIComponent(`Sold ${suffix}`)}`)).body.data.items).toMatchObject([
      { _id: sold.item._id, purchases: 2, price: 1 },
    ]);
  });

  it('refuses bad filters naming the field', async () => {
    for (const [query, field] of [
      ['?status=gone', 'status'],
      ['?status=all', 'status'],
      [`?q=${'q'.repeat(81)}`, 'q'],
      ['?q=a%00b', 'q'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?skip=-1', 'skip'],
    ] as const) {
      const res = await adminList(query);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.msg, query).toContain(field);
    }
    expect((await adminList(`?q=${'q'.repeat(80)}`)).status).toBe(200);
  });
});

describe('refusals change nothing and leave no audit row', () => {
  it('answers 409 hiding a hidden item and restoring a listed one', async () => {
    const { item } = await modelWithItem(app);
    const listed = await restore(item._id);
    expect(listed.status).toBe(409);
    expect(listed.body).toEqual({
      code: 'CONFLICT',
      msg: 'This item is not hidden: it is already in the store.',
      message: 'This item is not hidden: it is already in the store.',
    });

    expect((await hide(item._id, { reason: 'First' })).status).toBe(200);
    const twice = await hide(item._id, { reason: 'Second' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ code: 'CONFLICT', msg: 'This item is already hidden.', message: 'This item is already hidden.' });
    expect(await sellItemRow(app, item._id)).toMatchObject({ hiddenReason: 'First' });
    expect((await trail(item._id)).map((r) => r.action)).toEqual(['item.hide']);

    expect((await restore(item._id)).status).toBe(200);
    expect((await restore(item._id)).status).toBe(409);
    expect((await trail(item._id)).map((r) => r.action)).toEqual(['item.restore', 'item.hide']);
  });

  it('answers 409 for an item its model removed, hidden before or not', async () => {
    const removed = await modelWithItem(app);
    expect((await app.request('DELETE', `/api/sell-item/${removed.item._id}`, { token: removed.model.token })).status).toBe(204);
    for (const res of [await hide(removed.item._id), await restore(removed.item._id)]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'CONFLICT', msg: 'The model removed this item.', message: 'The model removed this item.' });
    }
    expect(await sellItemRow(app, removed.item._id)).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await trail(removed.item._id)).toEqual([]);

    // Hidden, then removed by its model: removed wins, it cannot be restored, and it leaves her list.
    const both = await modelWithItem(app);
    expect((await hide(both.item._id, { reason: 'Spam' })).status).toBe(200);
    expect((await app.request('DELETE', `/api/sell-item/${both.item._id}`, { token: both.model.token })).status).toBe(204);
    const refused = await restore(both.item._id);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The model removed this item.');
    expect((await mine(both.model.token)).body.data).toEqual({ items: [], count: 0 });
    expect((await adminList(`?q=${both.model.user.username}`)).body.data.items).toMatchObject([
      { status: 'removed', hiddenReason: 'Spam' },
    ]);
    expect((await trail(both.item._id)).map((r) => r.action)).toEqual(['item.hide']);
  });

  it('answers 404 for an unknown item', async () => {
    for (const res of [await hide(unknownId), await restore(unknownId)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(ITEM_NOT_FOUND);
    }
    expect(await trail(unknownId)).toEqual([]);
  });

  it('rolls the hide back when its audit row cannot be written', async () => {
    const { item, model } = await modelWithItem(app);
    vi.spyOn(app.ctx.audit, 'record').mockRejectedValueOnce(new Error('audit down'));
    const res = await hide(item._id);
    expect(res.status).toBe(500);
    expect(await sellItemRow(app, item._id)).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect((await storeOf(model.user.id)).body.data.count).toBe(1);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, item._id))).toEqual([]);
  });

  it('refuses a purchase the hide overtook after its first look at the item, charging nothing', async () => {
    const { item } = await modelWithItem(app, { price: 2 });
    const buyer = await buyerWith(app, 10);
    const findPayee = app.ctx.members.findPayee.bind(app.ctx.members);
    // The purchase has read the item (listed) and now looks up its seller: the hide commits right then.
    vi.spyOn(app.ctx.members, 'findPayee').mockImplementationOnce(async (id) => {
      expect((await hide(item._id)).status).toBe(200);
      return findPayee(id);
    });
    const res = await purchase(app, buyer.token, { sellItemId: item._id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(ITEM_NOT_ON_SALE);
    expect(await balanceOf(app, buyer.token)).toBe(10);
    expect(await writtenFor(app, buyer.user.id)).toMatchObject({ purchases: 0, earnings: 0 });
  });

  it('keeps purchases racing a hide whole: each is bought before the hide or refused, never half', async () => {
    const { item } = await modelWithItem(app, { price: 2 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyerWith(app, 10)));
    const [hidden, ...answers] = await Promise.all([
      hide(item._id),
      ...buyers.map((buyer) => purchase(app, buyer.token, { sellItemId: item._id })),
    ]);
    expect(hidden!.status).toBe(200);
    const sold = answers.filter((res) => res.status === 201).length;
    expect(answers.every((res) => res.status === 201 || (res.status === 404 && res.body.msg === ITEM_NOT_ON_SALE.msg))).toBe(true);
    for (const [index, buyer] of buyers.entries()) {
      const expected = answers[index]!.status === 201 ? 8 : 10;
      expect(await balanceOf(app, buyer.token)).toBe(expected);
      expect((await writtenFor(app, buyer.user.id)).purchases).toBe(answers[index]!.status === 201 ? 1 : 0);
    }
    expect((await adminList(`?q=${encodeURIComponent(item.model.username)}`)).body.data.items).toMatchObject([
      { _id: item._id, status: 'hidden', purchases: sold },
    ]);
    await expectLedgerClean(app);
  });
});

describe('who may call the administrators’ routes', () => {
  let item: { _id: string };
  let owner: Member;
  beforeAll(async () => {
    ({ item, model: owner } = await modelWithItem(app));
  });

  const routes = () =>
    [
      ['GET', '/api/admin/sell-items', undefined],
      ['POST', `/api/admin/sell-items/${item._id}/hide`, { reason: 'Not yours to hide' }],
      ['POST', `/api/admin/sell-items/${item._id}/restore`, undefined],
    ] as const;

  it('answers 401 without a token', async () => {
    for (const [method, url, body] of routes()) {
      const res = await app.request(method, url, { body });
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.', message: 'Please sign in to continue.' });
    }
  });

  it('answers 403 to a member and to a model (its owner included), even with a bad body, and changes nothing', async () => {
    for (const { token } of [await createMember(app), await createModel(app), owner]) {
      for (const [method, url, body] of routes()) {
        for (const sent of [body, { reason: '' }]) {
          const res = await app.request(method, url, { token, body: method === 'GET' ? undefined : sent });
          expect(res.status, url).toBe(403);
          expect(res.body).toEqual({
            code: 'FORBIDDEN',
            msg: 'Only administrators can do that.',
            message: 'Only administrators can do that.',
          });
        }
      }
    }
    expect(await sellItemRow(app, item._id)).toMatchObject({ hiddenAt: null });
    expect(await trail(item._id)).toEqual([]);
  });
});

describe('bad input', () => {
  let item: { _id: string };
  beforeAll(async () => {
    item = (await modelWithItem(app)).item;
  });

  it('refuses an id that is not a uuid (422 naming id)', async () => {
    for (const res of [await hide('not-an-id'), await restore('not-an-id'), await hide('1%00')]) {
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.msg).toContain('id');
    }
  });

  it.each([
    ['missing', {}],
    ['empty', { reason: '' }],
    ['blank', { reason: '   ' }],
    ['with NUL', { reason: 'a\u0000b' }],
    ['too long', { reason: 'r'.repeat(501) }],
    ['huge', { reason: 'r'.repeat(200_000) }],
    ['not text', { reason: ['x'] }],
    ['an object', { reason: { $ne: null } }],
  ])('refuses a reason %s (422 naming reason) and hides nothing', async (_case, body) => {
    const res = await hide(item._id, body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.fields).toHaveProperty(['reason']);
    expect(await sellItemRow(app, item._id)).toMatchObject({ hiddenAt: null, hiddenReason: null });
  });

  it('takes a reason of exactly 500 characters, and nothing was written before it', async () => {
    expect(await trail(item._id)).toEqual([]);
    const res = await hide(item._id, { reason: 'r'.repeat(500) });
    expect(res.status).toBe(200);
    expect(res.body.data.hiddenReason).toHaveLength(500);
  });
});
