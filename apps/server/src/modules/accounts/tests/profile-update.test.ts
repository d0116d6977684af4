import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';
import { multipart } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const update = (token: string, body: Record<string, unknown>) => app.request('PUT', '/api/users/updateProfile', { token, body });

it('updates name, username and bio and answers the fresh profile', async () => {
  const { token } = await createMember(app);
  const res = await update(token, { name: '  Ada Lovelace ', username: 'Ada.L', bio: 'Writes the first programs.' });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ name: 'Ada Lovelace', username: 'ada.l', bio: 'Writes the first programs.' });
  expect((await app.request('GET', '/api/users/me', { token })).body.data.username).toBe('ada.l');
});

it('leaves fields that are not sent unchanged', async () => {
  const { user, token } = await createMember(app, { bio: 'Old bio' });
  const res = await update(token, { name: 'Only the name' });
  expect(res.body.data).toMatchObject({ name: 'Only the name', username: user.username, bio: 'Old bio' });
});

it('refuses a username someone else has with 409 USERNAME_TAKEN, but accepts keeping your own', async () => {
  const { user: other } = await createMember(app);
  const { user, token } = await createMember(app);
  const res = await update(token, { username: other.username.toUpperCase() });
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', msg: expect.stringMatching(/taken/) });
  expect((await update(token, { username: user.username })).status).toBe(200);
});

it('counts the profile complete once it has a username, a bio and a gender; a picture is not needed', async () => {
  const { token } = await createMember(app);
  expect((await update(token, { bio: 'Hello there' })).body.data.isCompletedProfile).toBe(false);
  expect((await update(token, { gender: 'female' })).body.data.isCompletedProfile).toBe(true);
  // A picture changes nothing either way.
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const { body, headers } = multipart({}, { filename: 'me.png', contentType: 'image/png', content: png });
  const avatar = await app.request('POST', '/api/users/avatar', { token, body, headers });
  expect(avatar.body.data.isCompletedProfile).toBe(true);
  expect((await update(token, { bio: '' })).body.data.isCompletedProfile).toBe(false);
});
