import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, TEST_PASSWORD } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('allows 10 sign-in attempts a minute for one address, then answers 429', async () => {
  const { user } = await createMember(app);
  for (let i = 0; i < 10; i++) {
    expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Wrong-passw0rd' } })).status).toBe(401);
  }
  const blocked = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
  expect(blocked.status).toBe(429);
  expect(blocked.body).toMatchObject({
    code: 'RATE_LIMITED',
    msg: expect.stringMatching(/^Too many attempts. Please try again in \d+ seconds.$/),
  });

  // The limit is per address: someone else behind the same IP can still sign in.
  const { user: other } = await createMember(app);
  expect((await app.request('POST', '/api/auth/login', { body: { email: other.email, password: TEST_PASSWORD } })).status).toBe(200);
});
