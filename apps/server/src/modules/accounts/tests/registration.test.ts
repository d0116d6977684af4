import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { newPerson, registerVerifyAndLogin } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('registers, mails a code, confirms the address, then signs in', async () => {
  const person = newPerson({ email: 'New.Person@Example.test' });
  const registered = await app.request('POST', '/api/auth/register', { body: person });
  expect(registered.status).toBe(201);
  expect(registered.body.data).toEqual({ message: expect.stringContaining('6-digit code'), email: 'new.person@example.test' });

  const mails = (await app.outbox()).filter((m) => m.to === 'new.person@example.test');
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Confirm your e-mail address');
  const verifyCode = await latestCode(app, 'new.person@example.test');
  // A link to the page where the code is typed, for clients with no box of their own; never the code itself.
  const link = `${app.config.publicUrl}/auth/verify?email=new.person%40example.test`;
  expect(mails[0]!.text).toContain(link);
  expect(mails[0]!.text).not.toMatch(new RegExp(`https?://\\S*${verifyCode}`));

  const verified = await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode } });
  expect(verified.status).toBe(200);
  expect(verified.body.data).toEqual({ ok: true, message: expect.stringMatching(/confirmed/) });
  expect(verified.body.data.token).toBeUndefined(); // confirming is not signing in

  const login = await app.request('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
  expect(login.status).toBe(200);
  const me = await app.request('GET', '/api/users/me', { token: login.body.data.token });
  expect(me.body.data).toMatchObject({
    username: person.username,
    email: 'new.person@example.test',
    emailVerified: true,
    type: 'user',
    role: 'user',
  });
});

it('registers a model who starts without a reviewed document', async () => {
  const { token } = await registerVerifyAndLogin(app, newPerson({ type: 'model' }));
  const me = await app.request('GET', '/api/users/me', { token });
  expect(me.body.data).toMatchObject({ type: 'model', modelStatus: 'none', verificationDocument: null, isCompletedProfile: false });
});

it('refuses a second account with the same e-mail or username', async () => {
  const person = newPerson();
  expect((await app.request('POST', '/api/auth/register', { body: person })).status).toBe(201);

  const sameEmail = await app.request('POST', '/api/auth/register', { body: newPerson({ email: person.email.toUpperCase() }) });
  expect(sameEmail.status).toBe(409);
  expect(sameEmail.body.code).toBe('EMAIL_TAKEN');

  const sameUsername = await app.request('POST', '/api/auth/register', { body: newPerson({ username: person.username }) });
  expect(sameUsername.status).toBe(409);
  expect(sameUsername.body.code).toBe('USERNAME_TAKEN');
});

it('lets only one of three simultaneous registrations of a username through', async () => {
  const username = newPerson().username;
  const answers = await Promise.all([1, 2, 3].map(() => app.request('POST', '/api/auth/register', { body: newPerson({ username }) })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'USERNAME_TAKEN')).toBe(true);
});

it('says how many tries are left for a wrong code and stops after five', async () => {
  const person = newPerson();
  await app.request('POST', '/api/auth/register', { body: person });
  const right = await latestCode(app, person.email);
  const wrong = right === '000000' ? '111111' : '000000';

  const first = await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode: wrong } });
  expect(first.status).toBe(422);
  expect(first.body).toMatchObject({ code: 'INVALID_CODE', msg: 'That code is not right. 4 tries left.' });
  for (let i = 0; i < 4; i++) await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode: wrong } });

  const afterLimit = await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode: right } });
  expect(afterLimit.status).toBe(422);
  expect(afterLimit.body.msg).toMatch(/Too many wrong tries/);

  // A new code works again.
  const resent = await app.request('POST', '/api/auth/verify/resend', { body: { email: person.email } });
  expect(resent.status).toBe(200);
  const fresh = await latestCode(app, person.email);
  expect((await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode: fresh } })).status).toBe(200);
});

it('answers resend the same way whether or not the account exists', async () => {
  const unknown = await app.request('POST', '/api/auth/verify/resend', { body: { email: 'nobody@example.test' } });
  const person = newPerson();
  await app.request('POST', '/api/auth/register', { body: person });
  const known = await app.request('POST', '/api/auth/verify/resend', { body: { email: person.email } });
  expect(unknown.status).toBe(200);
  expect(known.body).toEqual(unknown.body);
  expect((await app.outbox()).some((m) => m.to === 'nobody@example.test')).toBe(false);
});

it('refuses a code for an address without an account', async () => {
  const res = await app.request('POST', '/api/auth/verify/code', { body: { email: 'nobody@example.test', verifyCode: '123456' } });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('INVALID_CODE');
});
