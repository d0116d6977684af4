import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, TEST_PASSWORD } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signIn = (email: string, password: string) => app.request('POST', '/api/auth/login', { body: { email, password } });

it('allows 10 sign-in attempts a minute for one address and account, then answers 429', async () => {
  const { user } = await createMember(app);
  // A success between mistakes clears the account's failure count (platform/trust-proxy.test.ts),
  // so what stops the eleventh attempt here is the per-address limit.
  for (let i = 0; i < 5; i++) {
    expect((await signIn(user.email, 'Wrong-passw0rd')).status).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
  }
  const blocked = await signIn(user.email, TEST_PASSWORD);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toMatchObject({
    code: 'RATE_LIMITED',
    msg: expect.stringMatching(/^Too many attempts. Please try again in \d+ seconds.$/),
    message: expect.stringMatching(/^Too many attempts. Please try again in \d+ seconds.$/),
  });

  // The limit is per address and account: someone else behind the same IP can still sign in.
  const { user: other } = await createMember(app);
  expect((await signIn(other.email, TEST_PASSWORD)).status).toBe(200);
});

it('after five wrong passwords in a row the account waits, even for the right one', async () => {
  const { user } = await createMember(app);
  for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'Wrong-passw0rd')).status).toBe(401);
  const waiting = await signIn(user.email, TEST_PASSWORD);
  expect(waiting.status).toBe(429);
  expect(waiting.body.msg).toBe('Too many failed sign-ins for this account. Please try again in 1 second.');
});
