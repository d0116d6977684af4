import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../../../db/schema';
import { createAdmin, createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fetchBytes, makeImage, sampleVideo, upload } from './helpers';

let app: TestApp;
let owner: Awaited<ReturnType<typeof createMember>>;
let video: { _id: string; url: string; thumbnailUrl: string };
let clip: Buffer;
let trustedId = '';
const NOT_FOUND = 'That file does not exist or you cannot see it.';

beforeAll(async () => {
  app = await createTestApp();
  owner = await createMember(app);
  clip = sampleVideo();
  const res = await upload(app, '/api/media/videos', { name: 'clip.mp4', type: 'video/mp4', content: clip }, { token: owner.token });
  video = res.body.data;
  // Stands in for another feature's rule (a conversation participant, a buyer).
  app.ctx.mediaAccess.addRule(async (file, viewerId) => file.id === video._id && viewerId === trustedId);
});
afterAll(() => app.close());

it('sends the owner the exact bytes with the headers a browser needs', async () => {
  const res = await fetchBytes(app, video.url, { token: owner.token });
  expect(res.status).toBe(200);
  expect(res.bytes.equals(clip)).toBe(true);
  expect(res.headers).toMatchObject({
    'content-type': 'video/mp4',
    'content-length': String(clip.length),
    'content-disposition': 'inline; filename="clip.mp4"',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'accept-ranges': 'bytes',
  });
});

it('answers HEAD with the size and no body, so a player can probe the file', async () => {
  const res = await app.app.inject({ method: 'HEAD', url: video.url, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-length']).toBe(String(clip.length));
  expect(res.rawPayload.length).toBe(0);
});

it('answers the path without its trailing slash too', async () => {
  const res = await fetchBytes(app, `/api/media/${video._id}/download`, { token: owner.token });
  expect(res.status).toBe(200);
  expect(res.bytes.equals(clip)).toBe(true);
});

it('lets an <img>/<video> tag in: the accessToken cookie works for the GET', async () => {
  const res = await fetchBytes(app, video.url, { headers: { cookie: `accessToken=${owner.token}` } });
  expect(res.status).toBe(200);
  expect(res.bytes.equals(clip)).toBe(true);
  const poster = await fetchBytes(app, video.thumbnailUrl, { headers: { cookie: `accessToken=${owner.token}` } });
  expect(poster.status).toBe(200);
});

it('hides the file from a stranger and a signed-out visitor as if it did not exist', async () => {
  const stranger = await createMember(app);
  for (const token of [stranger.token, undefined]) {
    for (const url of [video.url, video.thumbnailUrl]) {
      const res = await fetchBytes(app, url, token ? { token } : {});
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: NOT_FOUND, message: NOT_FOUND });
    }
  }
  const missing = await fetchBytes(app, '/api/media/00000000-0000-4000-8000-000000000000/download/', { token: owner.token });
  expect(missing.status).toBe(404);
  expect(missing.json().msg).toBe(NOT_FOUND);
});

it('lets an administrator read it', async () => {
  const admin = await createAdmin(app);
  const res = await fetchBytes(app, video.url, { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.bytes.equals(clip)).toBe(true);
});

it('lets in whoever a feature’s registered rule allows, and nobody else', async () => {
  const trusted = await createMember(app);
  expect((await fetchBytes(app, video.url, { token: trusted.token })).status).toBe(404);
  trustedId = trusted.user.id;
  expect((await fetchBytes(app, video.url, { token: trusted.token })).status).toBe(200);
  expect((await fetchBytes(app, video.thumbnailUrl, { token: trusted.token })).status).toBe(200);
});

it('serves a byte range with 206 and the right bytes', async () => {
  const res = await fetchBytes(app, video.url, { token: owner.token, headers: { range: 'bytes=100-199' } });
  expect(res.status).toBe(206);
  expect(res.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
  expect(res.headers['content-length']).toBe('100');
  expect(res.bytes.equals(clip.subarray(100, 200))).toBe(true);

  const tail = await fetchBytes(app, video.url, { token: owner.token, headers: { range: 'bytes=-50' } });
  expect(tail.status).toBe(206);
  expect(tail.bytes.equals(clip.subarray(clip.length - 50))).toBe(true);

  const open = await fetchBytes(app, video.url, { token: owner.token, headers: { range: `bytes=${clip.length - 10}-` } });
  expect(open.status).toBe(206);
  expect(open.headers['content-range']).toBe(`bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`);
  expect(open.bytes.equals(clip.subarray(clip.length - 10))).toBe(true);
});

it('answers 416 for a range past the end', async () => {
  const res = await fetchBytes(app, video.url, { token: owner.token, headers: { range: `bytes=${clip.length}-` } });
  expect(res.status).toBe(416);
  expect(res.headers['content-range']).toBe(`bytes */${clip.length}`);
});

it('never serves other kinds of file (a verification document) through the media routes', async () => {
  const uploaded = await upload(
    app,
    '/api/media/photos',
    { name: 'p.png', type: 'image/png', content: await makeImage('png', 20, 20) },
    { token: owner.token },
  );
  const id = uploaded.body.data._id as string;
  await app.ctx.db.update(files).set({ kind: 'document', mediaType: null }).where(eq(files.id, id));
  for (const url of [`/api/media/${id}/download/`, `/api/media/${id}/thumbnail`]) {
    const res = await fetchBytes(app, url, { token: owner.token });
    expect(res.status).toBe(404);
    expect(res.json().msg).toBe(NOT_FOUND);
  }
});

it('shows a photo inline', async () => {
  const png = await makeImage('png', 20, 20);
  const uploaded = await upload(app, '/api/media/photos', { name: 'p.png', type: 'image/png', content: png }, { token: owner.token });
  const res = await fetchBytes(app, uploaded.body.data.url, { token: owner.token });
  expect(res.headers['content-disposition']).toBe('inline; filename="p.png"');
  expect(res.headers['content-type']).toBe('image/png');
  // Re-encoded without metadata, so the bytes differ from the upload but the picture is the same.
  expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'png', width: 20, height: 20 });
});
