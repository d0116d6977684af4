import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, TEST_PASSWORD } from '../../../test-support/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

it('finds members by username, name or e-mail', async () => {
  const { user } = await createMember(app, { name: 'Findable Person' });
  const byEmail = await app.request('GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`, { token: admin.token });
  expect(byEmail.status).toBe(200);
  expect(byEmail.body.data).toEqual({
    items: [expect.objectContaining({ _id: user.id, email: user.email, status: 'active', balance: 0 })],
    count: 1,
  });
  expect((await app.request('GET', '/api/admin/users?q=findable', { token: admin.token })).body.data.count).toBe(1);
  expect((await app.request('GET', '/api/admin/users?limit=1', { token: admin.token })).body.data.items).toHaveLength(1);
});

it('suspends a member: their sessions end and sign-in is refused; reactivating lets them back', async () => {
  const { user, token } = await createMember(app);
  const res = await app.request('POST', `/api/admin/users/${user.id}/suspend`, { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe('suspended');
  // Her next request is refused, and says why: she is not told to sign in as if it had expired.
  const refused = await app.request('GET', '/api/users/me', { token });
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({
    code: 'UNAUTHENTICATED',
    msg: 'This account has been suspended by an administrator. Contact us if you think this is a mistake.',
    details: { reason: 'suspended' },
  });
  const login = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
  expect(login.status).toBe(403);
  expect(login.body.msg).toMatch(/suspended/);

  const back = await app.request('POST', `/api/admin/users/${user.id}/reactivate`, { token: admin.token });
  expect(back.body.data.status).toBe('active');
  expect((await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(200);
  // The old session stays ended, now for no reason of the account's: the plain 401.
  const stale = await app.request('GET', '/api/users/me', { token });
  expect(stale.status).toBe(401);
  expect(stale.body.details).toBeUndefined();
});

it('refuses to suspend yourself or another administrator', async () => {
  const self = await app.request('POST', `/api/admin/users/${admin.user.id}/suspend`, { token: admin.token });
  expect(self.status).toBe(403);
  expect(self.body.msg).toBe('You cannot suspend your own account.');
  const { user: other } = await createAdmin(app);
  const res = await app.request('POST', `/api/admin/users/${other.id}/suspend`, { token: admin.token });
  expect(res.status).toBe(403);
  expect(res.body.msg).toBe('Administrators cannot be suspended.');
});

it('answers 404 for an unknown member', async () => {
  const id = '00000000-0000-4000-8000-000000000000';
  expect((await app.request('POST', `/api/admin/users/${id}/suspend`, { token: admin.token })).status).toBe(404);
  expect((await app.request('POST', `/api/admin/users/${id}/reactivate`, { token: admin.token })).status).toBe(404);
});
