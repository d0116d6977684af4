import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fetchBytes, mediaRowsOf, sampleVideo, storedMedia, upload } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('stores an MP4 with its size and a poster frame taken by ffmpeg', async () => {
  const { user, token } = await createMember(app);
  const clip = sampleVideo();
  const res = await upload(app, '/api/media/videos', { name: 'clip.mp4', type: 'video/mp4', content: clip }, { token });

  expect(res.status).toBe(201);
  const media = res.body.data;
  expect(media).toMatchObject({ type: 'video', name: 'clip.mp4', mimeType: 'video/mp4', size: clip.length, width: 160, height: 120 });
  expect(media.thumbnailUrl).toBe(`/api/media/${media._id}/thumbnail`);
  const [row] = await mediaRowsOf(app, user.id);
  expect(row).toMatchObject({ kind: 'media', visibility: 'private', mediaType: 'video' });

  const poster = await fetchBytes(app, media.thumbnailUrl, { token });
  expect(poster.status).toBe(200);
  expect(poster.headers['content-type']).toBe('image/jpeg');
  expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
});

it('keeps a video ffmpeg cannot decode, without a poster, rather than failing the upload', async () => {
  const { token } = await createMember(app);
  // A real MP4 header (so the type check passes) followed by bytes no decoder understands.
  const broken = Buffer.concat([sampleVideo().subarray(0, 32), Buffer.alloc(4096, 0x5a)]);
  const res = await upload(app, '/api/media/videos', { name: 'broken.mp4', type: 'video/mp4', content: broken }, { token });

  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ type: 'video', thumbnailUrl: null, width: null, height: null });
  expect((await fetchBytes(app, `/api/media/${res.body.data._id}/thumbnail`, { token })).status).toBe(404);
  expect((await fetchBytes(app, res.body.data.url, { token })).bytes.equals(broken)).toBe(true);
});

it('refuses a picture sent as a video, naming the accepted types, and keeps nothing', async () => {
  const { user, token } = await createMember(app);
  const onDisk = storedMedia(app).length;
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const res = await upload(app, '/api/media/videos', { name: 'movie.mp4', type: 'video/mp4', content: jpeg }, { token });

  expect(res.status).toBe(415);
  expect(res.body.msg).toBe('Video must be one of: MP4, WEBM, MOV.');
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
  expect(storedMedia(app)).toHaveLength(onDisk);
});
