import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { logCapture } from '../../../test-support/log-capture';
import { newPerson } from './helpers';

let app: TestApp;
const { stream: logStream, lines } = logCapture();
beforeAll(async () => {
  app = await createTestApp({ logStream });
});
afterAll(() => app.close());

it('never writes passwords, codes or tokens to the log', async () => {
  const person = newPerson({ password: 'Very-Secret-Passw0rd!' });
  await app.request('POST', '/api/auth/register', { body: person });
  const verifyCode = await latestCode(app, person.email);
  await app.request('POST', '/api/auth/verify/code', { body: { email: person.email, verifyCode } });
  const login = await app.request('POST', '/api/auth/login', { body: { email: person.email, password: person.password } });
  const token: string = login.body.data.token;
  expect((await app.request('GET', '/api/users/me', { token })).status).toBe(200);
  await app.request('POST', '/api/users/updatePassword', {
    token,
    body: { password: person.password, newPassword: 'Next-Secret-Passw0rd!' },
  });
  await app.request('POST', '/api/auth/login', { body: { email: person.email, password: 'Wrong-Secret-Passw0rd!' } });

  const log = lines.join('');
  // Request logging is on (LOG_LEVEL=debug here): the calls above are there...
  expect(log).toContain('"url":"/api/auth/login"');
  expect(log).toContain('"url":"/api/users/me"');
  // ...but none of the secrets they carried.
  for (const secret of [person.password, 'Next-Secret-Passw0rd!', 'Wrong-Secret-Passw0rd!', token, token.split('.')[2]!, verifyCode]) {
    expect(log).not.toContain(secret);
  }
});
