import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, TEST_PASSWORD } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Changed-Passw0rd';

it('changes the password, keeps this device signed in and signs out the others', async () => {
  const { user, token } = await createMember(app);
  const other = await app.ctx.sessions.issue({ userId: user.id, keepLogin: true });

  const res = await app.request('POST', '/api/users/updatePassword', {
    token,
    body: { password: TEST_PASSWORD, newPassword: NEW_PASSWORD },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ok: true, message: expect.stringMatching(/changed/) });

  expect((await app.request('GET', '/api/users/me', { token })).status).toBe(200);
  expect((await app.request('GET', '/api/users/me', { token: other.token })).status).toBe(401);
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(401);
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
});

it('takes the current password as `currentPassword` too', async () => {
  const { user, token } = await createMember(app);
  const res = await app.request('POST', '/api/users/updatePassword', {
    token,
    body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
  });
  expect(res.status).toBe(200);
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
});

it('asks for the current password when neither name is sent', async () => {
  const { token } = await createMember(app);
  const res = await app.request('POST', '/api/users/updatePassword', { token, body: { newPassword: NEW_PASSWORD } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('currentPassword: Current password is required');
});

it('refuses a wrong current password with 422 WRONG_PASSWORD and changes nothing', async () => {
  const { user, token } = await createMember(app);
  const res = await app.request('POST', '/api/users/updatePassword', {
    token,
    body: { password: 'Not-the-passw0rd', newPassword: NEW_PASSWORD },
  });
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', msg: 'Your current password is not right.' });
  expect(res.body.details.fields).toHaveProperty('currentPassword');
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(200);
});

it('names the rule a weak new password misses', async () => {
  const { token } = await createMember(app);
  const res = await app.request('POST', '/api/users/updatePassword', { token, body: { password: TEST_PASSWORD, newPassword: 'short' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('newPassword: Password must be at least 8 characters');
});
