import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('answers the autoload settings to anyone, and the new values after an admin changes them', async () => {
  const before = await app.request('GET', '/api/system/configs/public');
  expect(before.status).toBe(200);
  expect(before.body).toEqual({ data: { siteName: 'Creator Chat', siteFavicon: '' } });

  const admin = await createAdmin(app);
  const put = await app.request('PUT', '/api/admin/settings', {
    token: admin.token,
    body: { siteName: 'Night Owls', siteFavicon: '/favicon.ico', contactEmail: 'hello@example.test' },
  });
  expect(put.status).toBe(200);

  const after = await app.request('GET', '/api/system/configs/public');
  // Only the autoload keys: private ones such as contactEmail never appear here.
  expect(after.body).toEqual({ data: { siteName: 'Night Owls', siteFavicon: '/favicon.ico' } });
});

it('documents the system routes in the OpenAPI document', async () => {
  const res = await app.request('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  expect(Object.keys(res.body.paths)).toEqual(
    expect.arrayContaining([
      '/api/system/configs/public',
      '/api/system/configs/keys',
      '/api/system/footer-script.js',
      '/api/menus/sections/{section}',
      '/api/admin/settings',
      '/api/admin/settings/favicon',
      '/api/admin/menus',
      '/api/admin/menus/reorder',
      '/api/admin/menus/{id}',
      '/api/admin/outbox',
    ]),
  );
});
