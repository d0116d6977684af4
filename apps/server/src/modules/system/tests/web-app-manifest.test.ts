import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const manifest = async () => {
  const res = await app.app.inject({ method: 'GET', url: '/api/system/manifest.webmanifest' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  return JSON.parse(res.body) as Record<string, unknown>;
};

it('gives anyone what a browser needs to install the site: a name, a start page, a standalone window and icons', async () => {
  expect(await manifest()).toMatchObject({
    name: 'Creator Chat',
    short_name: 'Creator Chat',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
});

it("takes the site's name from the settings, so a renamed site installs under its new name", async () => {
  const admin = await createAdmin(app);
  expect((await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { siteName: 'Velvet Room' } })).status).toBe(200);
  expect(await manifest()).toMatchObject({ name: 'Velvet Room', short_name: 'Velvet Room' });
});
