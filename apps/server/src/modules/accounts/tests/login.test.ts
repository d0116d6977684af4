import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, TEST_PASSWORD } from '../../../test-support/factories';
import { newPerson } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const login = (email: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) =>
  app.request('POST', '/api/auth/login', { body: { email, password, ...extra } });
const daysFromNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 86_400_000;

it('signs in with the right password, whatever the case of the e-mail', async () => {
  const { user } = await createMember(app);
  const res = await login(user.email.toUpperCase());
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
  expect((await app.request('GET', '/api/users/me', { token: res.body.data.token })).body.data._id).toBe(user.id);
});

it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
  const { user } = await createMember(app);
  const wrong = await login(user.email, 'Wrong-passw0rd!');
  const unknown = await login('nobody@example.test');
  expect(wrong.status).toBe(401);
  expect(wrong.body).toEqual({
    code: 'INVALID_CREDENTIALS',
    msg: 'E-mail or password is incorrect.',
    message: 'E-mail or password is incorrect.',
  });
  expect(unknown.status).toBe(401);
  expect(unknown.body).toEqual(wrong.body);
});

it('refuses an unconfirmed address with 403 EMAIL_NOT_VERIFIED telling them to enter the code', async () => {
  const person = newPerson();
  await app.request('POST', '/api/auth/register', { body: person });
  const res = await login(person.email, person.password);
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
  expect(res.body.msg).toMatch(/enter the 6-digit code/);
});

it('refuses deactivated and suspended accounts with 403 ACCOUNT_DEACTIVATED', async () => {
  const { user: deactivated } = await createMember(app, { status: 'deactivated' });
  const { user: suspended } = await createMember(app, { status: 'suspended' });

  const a = await login(deactivated.email);
  expect(a.status).toBe(403);
  expect(a.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', msg: expect.stringMatching(/deactivated/) });

  const b = await login(suspended.email);
  expect(b.status).toBe(403);
  expect(b.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', msg: expect.stringMatching(/suspended/) });
});

it('keeps a keep-login session for about 365 days and a plain one for 7', async () => {
  const { user } = await createMember(app);
  const kept = await login(user.email); // keepLogin defaults to true
  const plain = await login(user.email, TEST_PASSWORD, { keepLogin: false });
  expect(daysFromNow(kept.body.data.expiresAt)).toBeGreaterThan(364.9);
  expect(daysFromNow(kept.body.data.expiresAt)).toBeLessThanOrEqual(365);
  expect(daysFromNow(plain.body.data.expiresAt)).toBeGreaterThan(6.9);
  expect(daysFromNow(plain.body.data.expiresAt)).toBeLessThanOrEqual(7);
});
