import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';
import { multipart, storedFiles } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const pngOf = (colour: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
const upload = (token: string, content: Buffer, filename = 'avatar.png', contentType = 'image/png') => {
  const { body, headers } = multipart({}, { filename, contentType, content });
  return app.request('POST', '/api/users/avatar', { token, body, headers });
};
const filesOf = (ownerId: string) => app.ctx.db.select().from(files).where(eq(files.ownerId, ownerId));

it('stores a real PNG as a square WebP that anyone can load', async () => {
  const { user, token } = await createMember(app);
  const res = await upload(token, await pngOf('#3a7'));
  expect(res.status).toBe(200);
  const avatarUrl: string = res.body.data.avatarUrl;
  expect(avatarUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\/avatar\.webp$/);

  const served = await app.app.inject({ method: 'GET', url: avatarUrl }); // no token: avatars are public
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  const meta = await sharp(served.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  expect(await filesOf(user.id)).toHaveLength(1);
});

it('replaces the previous picture and deletes its file', async () => {
  const { user, token } = await createMember(app);
  const before = storedFiles(app, 'avatar').length;
  const first = (await upload(token, await pngOf('#111'))).body.data.avatarUrl;
  const second = (await upload(token, await pngOf('#222'))).body.data.avatarUrl;
  expect(second).not.toBe(first);
  expect(await filesOf(user.id)).toHaveLength(1);
  expect(storedFiles(app, 'avatar')).toHaveLength(before + 1);
  expect((await app.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
});

it('refuses a text file named .png with 415 and a clear message, storing nothing', async () => {
  const { user, token } = await createMember(app);
  const before = storedFiles(app, 'avatar').length;
  const res = await upload(token, Buffer.from('this is plain text, not a picture\n'.repeat(20)), 'fake.png');
  expect(res.status).toBe(415);
  expect(res.body).toEqual({
    code: 'UNSUPPORTED_FILE_TYPE',
    msg: 'Avatar must be one of: JPG, PNG, WEBP, GIF.',
    message: 'Avatar must be one of: JPG, PNG, WEBP, GIF.',
  });
  expect(await filesOf(user.id)).toHaveLength(0);
  expect(storedFiles(app, 'avatar')).toHaveLength(before);
  expect((await app.request('GET', '/api/users/me', { token })).body.data.avatarUrl).toBeNull();
});

it('refuses a picture over 5 MB with 413 and keeps no file row', async () => {
  const { user, token } = await createMember(app);
  const before = storedFiles(app, 'avatar').length;
  const tooBig = Buffer.concat([await pngOf('#999'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
  const res = await upload(token, tooBig);
  expect(res.status).toBe(413);
  expect(res.body).toEqual({
    code: 'PAYLOAD_TOO_LARGE',
    msg: 'Avatar is too large: the limit is 5 MB.',
    message: 'Avatar is too large: the limit is 5 MB.',
  });
  expect(await filesOf(user.id)).toHaveLength(0);
  expect(storedFiles(app, 'avatar')).toHaveLength(before);
});

it('asks for a file when none is sent', async () => {
  const { token } = await createMember(app);
  const { body, headers } = multipart({ note: 'no file' });
  const res = await app.request('POST', '/api/users/avatar', { token, body, headers });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('Avatar: choose a file to upload.');
});
