import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buyerWith, expectLedgerClean, fetchBytes, modelWithItem, purchase, type Member } from './helpers';

let app: TestApp;
let photo: Awaited<ReturnType<typeof modelWithItem>>;
let buyer: Member;
let stranger: Member;
let bought: { _id: string; downloadUrl: string; previewUrl: string };

beforeAll(async () => {
  app = await createTestApp();
  photo = await modelWithItem(app, { kind: 'photo', price: 3 });
  buyer = await buyerWith(app, 50);
  stranger = await createMember(app);
  const res = await purchase(app, buyer.token, { sellItemId: photo.item._id });
  expect(res.status).toBe(201);
  bought = res.body.data;
});
afterAll(async () => {
  await expectLedgerClean(app);
  await app.close();
});

const NOT_FOUND_MEDIA = {
  code: 'NOT_FOUND',
  msg: 'That file does not exist or you cannot see it.',
  message: 'That file does not exist or you cannot see it.',
};

describe('the purchase download', () => {
  it('sends the buyer the original bytes with the headers of every media download', async () => {
    const stored = await fetchBytes(app, photo.media.url, { token: photo.model.token });
    const res = await fetchBytes(app, bought.downloadUrl, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.bytes.equals(stored.bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(stored.bytes.length),
      'content-disposition': 'inline; filename="sunset.png"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
    });
  });

  it('answers byte ranges (206) and refuses a range outside the file (416)', async () => {
    const whole = (await fetchBytes(app, bought.downloadUrl, { token: buyer.token })).bytes;
    const part = await fetchBytes(app, bought.downloadUrl, { token: buyer.token, headers: { range: 'bytes=10-29' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-29/${whole.length}`);
    expect(part.bytes.equals(whole.subarray(10, 30))).toBe(true);

    const outside = await fetchBytes(app, bought.downloadUrl, { token: buyer.token, headers: { range: `bytes=${whole.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('lets a link or <img> in with the accessToken cookie, and the path without its trailing slash', async () => {
    const byCookie = await fetchBytes(app, bought.downloadUrl, { headers: { cookie: `accessToken=${buyer.token}` } });
    expect(byCookie.status).toBe(200);
    const noSlash = await fetchBytes(app, bought.downloadUrl.replace(/\/$/, ''), { token: buyer.token });
    expect(noSlash.status).toBe(200);
    expect(noSlash.bytes.equals(byCookie.bytes)).toBe(true);
  });

  it('downloads a file item as an attachment, so a browser never renders it', async () => {
    const file = await modelWithItem(app, { kind: 'file', price: 1 });
    const res = await purchase(app, buyer.token, { sellItemId: file.item._id });
    const download = await fetchBytes(app, res.body.data.downloadUrl, { token: buyer.token });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(file.bytes)).toBe(true);
    expect(download.headers['content-disposition']).toBe('attachment; filename="guide.pdf"');
    expect(res.body.data.previewUrl).toBeNull();
  });

  it('answers 401 to a signed-out visitor and 404 to anyone but the buyer', async () => {
    expect((await fetchBytes(app, bought.downloadUrl)).status).toBe(401);
    for (const token of [stranger.token, photo.model.token]) {
      const res = await fetchBytes(app, bought.downloadUrl, { token });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'That purchase was not found.', message: 'That purchase was not found.' });
    }
  });
});

describe('the media behind a purchase', () => {
  it('is readable by its buyer through /media too, original and thumbnail', async () => {
    const original = await fetchBytes(app, photo.media.url, { token: buyer.token });
    expect(original.status).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    const thumbnail = await fetchBytes(app, bought.previewUrl, { token: buyer.token });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });

  it('stays hidden from another member and from signed-out visitors', async () => {
    for (const opts of [{ token: stranger.token }, {}]) {
      for (const url of [photo.media.url, photo.media.thumbnailUrl!]) {
        const res = await fetchBytes(app, url, opts);
        expect(res.status).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND_MEDIA);
      }
    }
  });
});

describe('previews', () => {
  it("shows anyone a photo item's small JPEG thumbnail, never the original", async () => {
    const original = await fetchBytes(app, photo.media.url, { token: photo.model.token });
    const res = await fetchBytes(app, `/api/sell-item/${photo.item._id}/preview`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.bytes.equals(original.bytes)).toBe(false);
    const meta = await sharp(res.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
  });

  it("shows a video item's poster frame, and nothing for a file item", async () => {
    const video = await modelWithItem(app, { kind: 'video', price: 1 });
    const poster = await fetchBytes(app, `/api/sell-item/${video.item._id}/preview`);
    expect(poster.status).toBe(200);
    expect((await sharp(poster.bytes).metadata()).format).toBe('jpeg');
    expect(poster.bytes.equals(video.bytes)).toBe(false);

    const file = await modelWithItem(app, { kind: 'file', price: 1 });
    expect(file.item.previewUrl).toBeNull();
    const none = await fetchBytes(app, `/api/sell-item/${file.item._id}/preview`);
    expect(none.status).toBe(404);
  });
});

describe('an item taken off sale', () => {
  it('keeps its buyers’ download and media, and loses its public preview', async () => {
    const item = await modelWithItem(app, { kind: 'photo', price: 2 });
    const res = await purchase(app, buyer.token, { sellItemId: item.item._id });
    expect(res.status).toBe(201);
    expect((await app.request('DELETE', `/api/sell-item/${item.item._id}`, { token: item.model.token })).status).toBe(204);

    expect((await fetchBytes(app, res.body.data.downloadUrl, { token: buyer.token })).status).toBe(200);
    expect((await fetchBytes(app, item.media.url, { token: buyer.token })).status).toBe(200);
    expect((await fetchBytes(app, res.body.data.previewUrl, { token: buyer.token })).status).toBe(200);
    const purchases = (await app.request('GET', '/api/purchase-item?limit=100', { token: buyer.token })).body.data.items;
    expect(purchases.map((p: { _id: string }) => p._id)).toContain(res.body.data._id);

    expect((await fetchBytes(app, `/api/sell-item/${item.item._id}/preview`)).status).toBe(404);
    expect((await fetchBytes(app, item.media.url, { token: stranger.token })).status).toBe(404);
  });
});
