import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';
import { newPerson } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Brand-new-Passw0rd';

async function mailedResetToken(email: string) {
  const mail = (await app.outbox()).filter((m) => m.to === email).at(-1);
  const link = new RegExp(`${app.config.publicUrl}/auth/reset/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link[1]!;
}

it('mails a one-time link that sets a new password and signs out every session', async () => {
  const { user, token } = await createMember(app);
  const forgot = await app.request('POST', '/api/auth/forgot', { body: { email: user.email } });
  expect(forgot.status).toBe(200);
  const resetToken = await mailedResetToken(user.email);

  const reset = await app.request('POST', '/api/auth/reset', { body: { token: resetToken, password: NEW_PASSWORD } });
  expect(reset.status).toBe(200);
  expect(reset.body.data.ok).toBe(true);

  expect((await app.request('GET', '/api/users/me', { token })).status).toBe(401);
  const login = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } });
  expect(login.status).toBe(200);

  const reused = await app.request('POST', '/api/auth/reset', { body: { token: resetToken, password: 'Another-Passw0rd' } });
  expect(reused.status).toBe(422);
  expect(reused.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', msg: expect.stringMatching(/not valid/) });
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
});

it('makes an earlier link useless once the password was reset', async () => {
  const { user } = await createMember(app);
  await app.request('POST', '/api/auth/forgot', { body: { email: user.email } });
  const first = await mailedResetToken(user.email);
  await app.request('POST', '/api/auth/forgot', { body: { email: user.email } });
  const second = await mailedResetToken(user.email);
  expect((await app.request('POST', '/api/auth/reset', { body: { token: second, password: NEW_PASSWORD } })).status).toBe(200);
  expect((await app.request('POST', '/api/auth/reset', { body: { token: first, password: NEW_PASSWORD } })).status).toBe(422);
});

it('refuses a made-up token', async () => {
  const res = await app.request('POST', '/api/auth/reset', { body: { token: 'x'.repeat(43), password: NEW_PASSWORD } });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('INVALID_RESET_TOKEN');
});

it('answers the same for unknown addresses and sends them nothing', async () => {
  const { user } = await createMember(app);
  const known = await app.request('POST', '/api/auth/forgot', { body: { email: user.email } });
  const unknown = await app.request('POST', '/api/auth/forgot', { body: { email: 'nobody@example.test' } });
  expect(unknown.status).toBe(200);
  expect(unknown.body).toEqual(known.body);
  expect((await app.outbox()).some((m) => m.to === 'nobody@example.test')).toBe(false);
});

it('confirms an unconfirmed address, since the link proved the mailbox', async () => {
  const person = newPerson();
  await app.request('POST', '/api/auth/register', { body: person });
  await app.request('POST', '/api/auth/forgot', { body: { email: person.email } });
  await app.request('POST', '/api/auth/reset', { body: { token: await mailedResetToken(person.email), password: NEW_PASSWORD } });
  expect((await app.request('POST', '/api/auth/login', { body: { email: person.email, password: NEW_PASSWORD } })).status).toBe(200);
});

it('applies the password rule to the new password', async () => {
  const res = await app.request('POST', '/api/auth/reset', { body: { token: 'x'.repeat(43), password: 'nodigits-Here!' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('password: Password must contain a digit');
});
