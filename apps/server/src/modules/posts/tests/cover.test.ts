import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { files } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makeImage, rowCounts, upload, writePost } from './helpers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const uploadCover = (content: Buffer, name = 'cover.png', type = 'image/png') =>
  upload(app, '/api/admin/posts/cover', { name, type, content }, { token: admin });

it('takes a JPEG, PNG or WebP and serves it publicly, to visitors too', async () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    const res = await uploadCover(await makeImage(format, 320, 180), `cover.${format}`, `image/${format}`);
    expect(res.status, format).toBe(201);
    expect(res.body.data.url).toMatch(new RegExp(`^/api/files/${res.body.data._id}/cover\\.(jpg|png|webp)$`));
    const served = await app.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
  }
});

it('puts the cover on the post, its list entry and its public page; null takes it off', async () => {
  const cover = (await uploadCover(await makeImage('png', 64, 64))).body.data;
  const post = await writePost(app, admin, { title: 'With a cover', coverId: cover._id, status: 'published' });
  expect(post).toMatchObject({ coverId: cover._id, coverUrl: cover.url });
  const listed = (await app.request('GET', '/api/posts')).body.data.items.find((p: { _id: string }) => p._id === post._id);
  expect(listed.coverUrl).toBe(cover.url);
  expect((await app.request('GET', `/api/posts/${post.slug}`)).body.data.coverUrl).toBe(cover.url);

  const removed = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { coverId: null } });
  expect(removed.body.data).toMatchObject({ coverId: null, coverUrl: null });
});

it('removes the camera metadata (EXIF) before the picture goes public', async () => {
  const withExif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS place' } } })
    .toBuffer();
  expect((await sharp(withExif).metadata()).exif).toBeDefined();
  const res = await uploadCover(withExif, 'photo.jpg', 'image/jpeg');
  const served = await app.app.inject({ method: 'GET', url: res.body.data.url });
  expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
});

it('refuses other types with 415 and files over 5 MB with 413, keeping nothing', async () => {
  const before = await rowCounts(app);
  const gif = await uploadCover(await makeImage('gif', 10, 10), 'a.gif', 'image/gif');
  expect(gif.status).toBe(415);
  expect(gif.body.msg).toBe('Cover image must be one of: JPG, PNG, WEBP.');
  const svg = await uploadCover(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'a.png',
    'image/png',
  );
  expect(svg.status).toBe(415);
  const big = Buffer.concat([await makeImage('png', 16, 16), Buffer.alloc(5 * 1024 * 1024 + 10)]);
  const tooBig = await uploadCover(big);
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.msg).toBe('Cover image is too large: the limit is 5 MB.');
  expect(await rowCounts(app)).toEqual(before);
});

it('refuses a cover id that names a private file', async () => {
  // A member's private verification document must never become a public cover.
  const [document] = await app.ctx.db
    .insert(files)
    .values({
      ownerId: null,
      kind: 'document',
      visibility: 'private',
      storageKey: 'x/doc.png',
      fileName: 'doc.png',
      mimeType: 'image/png',
      size: 1,
    })
    .returning();
  const res = await app.request('POST', '/api/admin/posts', { token: admin, body: { title: 'Leak', coverId: document!.id } });
  expect(res.status).toBe(422);
  expect(res.body.details.fields.coverId).toBe('That cover is not an uploaded image. Upload it again.');
});
