import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('answers an empty script while none is set', async () => {
  const res = await app.app.inject({ method: 'GET', url: '/api/system/footer-script.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
  expect(res.body).toBe('');
});

it("serves the administrator's script as JavaScript, uncached and unquoted", async () => {
  const admin = await createAdmin(app);
  const script = 'window.footerLoaded = "yes"; // </script> and "quotes" stay as written';
  expect((await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { footerScript: script } })).status).toBe(200);

  const res = await app.app.inject({ method: 'GET', url: '/api/system/footer-script.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).toBe(script);
});
