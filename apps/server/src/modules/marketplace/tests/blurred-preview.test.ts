import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { upload } from '../../media/tests/helpers';
import { blurJpeg } from '../blurred-preview';
import { buyerWith, createItem, fetchBytes, purchase } from './helpers';

/**
 * Issue #28, "store previews give the photo away": anyone who has not bought an item sees it
 * blurred; its seller and its buyers see it clear.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A 640 × 480 black-and-white checkerboard of 16-pixel squares: every edge is detail a blur erases. */
function checkerboard(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = ((x >> 4) + (y >> 4)) % 2 ? 255 : 0;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** How much fine detail a picture has: sharp's Laplacian-based estimate (a flat or blurred one is near 0). */
const sharpnessOf = async (image: Buffer) => (await sharp(image).stats()).sharpness;

it('blurs a thumbnail past recognition and keeps it within the preview size', async () => {
  const clear = await sharp(await checkerboard())
    .resize(320, 320, { fit: 'inside' })
    .jpeg()
    .toBuffer();
  const blurred = await blurJpeg(clear);
  const meta = await sharp(blurred).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
  expect(await sharpnessOf(clear)).toBeGreaterThan(5);
  expect(await sharpnessOf(blurred)).toBeLessThan((await sharpnessOf(clear)) / 20);
});

it('a stranger sees the blurred preview; the seller and, once bought, the buyer see the clear thumbnail', async () => {
  const model = await createModel(app);
  const photo = await upload(
    app,
    '/api/media/photos',
    { name: 'board.png', type: 'image/png', content: await checkerboard() },
    { token: model.token },
  );
  expect(photo.status).toBe(201);
  const item = await createItem(app, model.token, { mediaId: photo.body.data._id, name: 'Board', price: 2 });
  expect(item.status).toBe(201);
  const id = item.body.data._id as string;
  const buyer = await buyerWith(app, 10);
  const storeItem = async (token?: string) =>
    (await app.request('GET', `/api/sell-item/model?modelId=${model.user.id}`, token ? { token } : undefined)).body.data.items[0];

  // Anyone, signed in or not, who has not bought it: the public preview, blurred.
  for (const token of [undefined, buyer.token]) expect((await storeItem(token)).previewUrl).toBe(`/api/sell-item/${id}/preview`);
  const blurred = await fetchBytes(app, `/api/sell-item/${id}/preview`);
  expect(blurred.status).toBe(200);
  const clear = await fetchBytes(app, `/api/media/${photo.body.data._id}/thumbnail`, { token: model.token });
  expect(clear.status).toBe(200);
  expect(await sharpnessOf(blurred.bytes)).toBeLessThan((await sharpnessOf(clear.bytes)) / 20);
  // The clear one is not theirs to read.
  expect((await fetchBytes(app, `/api/media/${photo.body.data._id}/thumbnail`, { token: buyer.token })).status).toBe(404);
  // A second look answers the same blur (kept, not made again).
  expect((await fetchBytes(app, `/api/sell-item/${id}/preview`)).bytes.equals(blurred.bytes)).toBe(true);

  // Bought: the buyer's own store view points at the clear thumbnail, which she may now read.
  expect((await purchase(app, buyer.token, { sellItemId: id })).status).toBe(201);
  const hers = await storeItem(buyer.token);
  expect(hers).toMatchObject({ isPurchased: true, previewUrl: `/api/media/${photo.body.data._id}/thumbnail` });
  const bought = await fetchBytes(app, hers.previewUrl, { token: buyer.token });
  expect(bought.status).toBe(200);
  expect(bought.bytes.equals(clear.bytes)).toBe(true);
});
