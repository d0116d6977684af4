import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fetchBytes, lazyBytes, makeImage, mediaRowsOf, sampleVideo, storedMedia, upload } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('stores a PNG privately for its owner, with its size and a small JPEG thumbnail', async () => {
  const { user, token } = await createMember(app);
  const png = await makeImage('png', 1200, 800);
  const res = await upload(app, '/api/media/photos', { name: 'Beach day.png', type: 'image/png', content: png }, { token });

  expect(res.status).toBe(201);
  const media = res.body.data;
  expect(media).toMatchObject({ type: 'photo', name: 'Beach_day.png', mimeType: 'image/png', width: 1200, height: 800 });
  expect(media.url).toBe(`/api/media/${media._id}/download/`);
  expect(media.thumbnailUrl).toBe(`/api/media/${media._id}/thumbnail`);

  const [row] = await mediaRowsOf(app, user.id);
  expect(row).toMatchObject({ id: media._id, kind: 'media', visibility: 'private', mediaType: 'photo', ownerId: user.id });

  const thumbnail = await fetchBytes(app, media.thumbnailUrl, { token });
  expect(thumbnail.status).toBe(200);
  expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  const meta = await sharp(thumbnail.bytes).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 213 });
});

it('strips EXIF (location, camera, author) from a shared photo and applies its orientation to the pixels', async () => {
  const { token } = await createMember(app);
  // A landscape-stored JPEG whose EXIF says "rotate 90°" and carries the photographer's name.
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Home address here' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect((await sharp(jpeg).metadata()).exif).toBeDefined();

  const res = await upload(app, '/api/media/photos', { name: 'with-exif.jpg', type: 'image/jpeg', content: jpeg }, { token });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ width: 200, height: 300 });
  const stored = await fetchBytes(app, res.body.data.url, { token });
  const meta = await sharp(stored.bytes).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(stored.bytes.includes(Buffer.from('Secret Photographer'))).toBe(false);
  expect(res.body.data.size).toBe(stored.bytes.length);
});

it('accepts JPEG, WebP and GIF photos too', async () => {
  const { token } = await createMember(app);
  for (const [format, mime] of [
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const) {
    const res = await upload(
      app,
      '/api/media/photos',
      { name: `small.${format}`, type: mime, content: await makeImage(format, 90, 60) },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'photo', mimeType: mime, width: 90, height: 60 });
    expect(res.body.data.thumbnailUrl).not.toBeNull();
  }
});

it('refuses bytes that are not a picture, whatever the name and claimed type, and keeps nothing', async () => {
  const { user, token } = await createMember(app);
  const onDisk = storedMedia(app).length;
  const text = Buffer.from('This is a plain text file pretending to be a picture.\n'.repeat(50));
  const res = await upload(app, '/api/media/photos', { name: 'holiday.png', type: 'image/png', content: text }, { token });

  expect(res.status).toBe(415);
  expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', msg: 'Photo must be one of: JPG, PNG, WEBP, GIF.' });
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
  expect(storedMedia(app)).toHaveLength(onDisk);
});

it('refuses a video sent as a photo', async () => {
  const { user, token } = await createMember(app);
  const res = await upload(app, '/api/media/photos', { name: 'clip.jpg', type: 'image/jpeg', content: sampleVideo() }, { token });
  expect(res.status).toBe(415);
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
});

it('refuses a damaged picture with 422 and keeps nothing', async () => {
  const { user, token } = await createMember(app);
  const onDisk = storedMedia(app).length;
  const png = await makeImage('png', 300, 300);
  const damaged = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 0x7f)]);
  const res = await upload(app, '/api/media/photos', { name: 'broken.png', type: 'image/png', content: damaged }, { token });

  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('Photo could not be read. Is the file damaged?');
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
  expect(storedMedia(app)).toHaveLength(onDisk);
});

it('refuses a photo one byte over 20 MB with 413 and keeps nothing', async () => {
  const { user, token } = await createMember(app);
  const onDisk = storedMedia(app).length;
  const pngStart = (await makeImage('png', 8, 8)).subarray(0, 64);
  const content = lazyBytes(pngStart, MEDIA_LIMITS.photo + 1);
  const res = await upload(app, '/api/media/photos', { name: 'huge.png', type: 'image/png', content }, { token });

  expect(res.status).toBe(413);
  expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', msg: 'Photo is too large: the limit is 20 MB.' });
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
  expect(storedMedia(app)).toHaveLength(onDisk);
});

it('asks a signed-out visitor to sign in, and never takes the cookie as a signature for an upload', async () => {
  const { token, user } = await createMember(app);
  const png = await makeImage('png', 10, 10);
  const signedOut = await upload(app, '/api/media/photos', { name: 'a.png', type: 'image/png', content: png });
  expect(signedOut.status).toBe(401);
  const cookieOnly = await upload(
    app,
    '/api/media/photos',
    { name: 'a.png', type: 'image/png', content: png },
    { cookie: `accessToken=${token}` },
  );
  expect(cookieOnly.status).toBe(401);
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
});
