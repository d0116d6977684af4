import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('ends the session: the same token then gets 401, other devices stay signed in', async () => {
  const { user, token } = await createMember(app);
  const other = await app.ctx.sessions.issue({ userId: user.id, keepLogin: true });
  const revoked: unknown[] = [];
  app.ctx.events.subscribe('session.revoked', (p) => void revoked.push(p));

  const res = await app.request('POST', '/api/auth/logout', { token });
  expect(res.status).toBe(204);
  expect(res.body).toBeUndefined();

  const after = await app.request('GET', '/api/users/me', { token });
  expect(after.status).toBe(401);
  expect(after.body.code).toBe('UNAUTHENTICATED');
  expect((await app.request('GET', '/api/users/me', { token: other.token })).status).toBe(200);
  await new Promise((resolve) => setImmediate(resolve));
  expect(revoked).toEqual([{ userId: user.id, sessionIds: [expect.any(String)], reason: 'logout' }]);
});

it('answers 401 to a logout without a token', async () => {
  expect((await app.request('POST', '/api/auth/logout')).status).toBe(401);
});
