import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { startFakeS3, type FakeS3 } from '../../../test-support/fake-s3';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fetchBytes, lazyBytes, makeImage, mediaRowsOf, sampleVideo, upload } from './helpers';

// The whole server with S3_* set: uploads go to the bucket, downloads come from it, DATA_DIR/files
// stays empty (docs/operations.md).
let s3: FakeS3;
let app: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3();
  app = await createTestApp({ config: { storage: { provider: 's3', s3: s3.config } } });
});
afterAll(async () => {
  await app.close();
  await s3.close();
});

const localFiles = () => existsSync(path.join(app.config.dataDir, 'files'));

it('stores an uploaded photo and its thumbnail in the bucket and serves the same bytes back, ranges too', async () => {
  const { user, token } = await createMember(app);
  // A GIF is kept as sent (it is not re-encoded), so the download must equal the upload exactly.
  const gif = await makeImage('gif', 400, 300);
  const res = await upload(app, '/api/media/photos', { name: 'cat.gif', type: 'image/gif', content: gif }, { token });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ type: 'photo', mimeType: 'image/gif', width: 400, height: 300, size: gif.length });

  const [row] = await mediaRowsOf(app, user.id);
  expect(s3.keys()).toEqual([row!.storageKey, row!.thumbnailKey].sort());
  expect(s3.object(row!.storageKey)?.equals(gif)).toBe(true);

  const download = await fetchBytes(app, res.body.data.url, { token });
  expect(download.status).toBe(200);
  expect(download.headers['content-type']).toBe('image/gif');
  expect(download.bytes.equals(gif)).toBe(true);

  const ranged = await fetchBytes(app, res.body.data.url, { token, headers: { range: 'bytes=10-49' } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers['content-range']).toBe(`bytes 10-49/${gif.length}`);
  expect(ranged.bytes.equals(gif.subarray(10, 50))).toBe(true);

  const thumbnail = await fetchBytes(app, res.body.data.thumbnailUrl, { token });
  expect(thumbnail.status).toBe(200);
  expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

  expect(localFiles()).toBe(false);
});

it('makes a video poster from a video streamed out of the bucket', async () => {
  const { user, token } = await createMember(app);
  const clip = sampleVideo();
  const res = await upload(app, '/api/media/videos', { name: 'clip.mp4', type: 'video/mp4', content: clip }, { token });
  expect(res.status).toBe(201);

  const [row] = await mediaRowsOf(app, user.id);
  expect(s3.object(row!.storageKey)?.equals(clip)).toBe(true);
  const poster = await fetchBytes(app, res.body.data.thumbnailUrl, { token });
  expect(poster.status).toBe(200);
  expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
  expect(localFiles()).toBe(false);
});

it('removes from the bucket a photo refused after it was stored: unreadable, or over 20 MB', async () => {
  const { user, token } = await createMember(app);
  const before = s3.keys();
  const gifStart = (await makeImage('gif', 300, 300)).subarray(0, 64);

  // A GIF is stored as sent; only then does decoding it for the thumbnail fail.
  const damaged = Buffer.concat([gifStart, Buffer.alloc(2000, 0x7f)]);
  const unreadable = await upload(app, '/api/media/photos', { name: 'broken.gif', type: 'image/gif', content: damaged }, { token });
  expect(unreadable.status).toBe(422);

  // Streams to the bucket as a multipart upload until the limit cuts it off.
  const sent = s3.requests.length;
  const content = lazyBytes(gifStart, MEDIA_LIMITS.photo + 1);
  const huge = await upload(app, '/api/media/photos', { name: 'huge.gif', type: 'image/gif', content }, { token });
  expect(huge.status).toBe(413);

  expect(s3.requests.slice(sent).some((r) => r.method === 'POST' && 'uploads' in r.query)).toBe(true);
  expect(s3.keys()).toEqual(before);
  expect(s3.openUploads()).toBe(0);
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
});
