import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createSettingsService } from '../settings.service';

/**
 * Hot paths (the commission of every paid action) read settings through a short-lived cache: an
 * administrator's change must still reach the next payment on this process at once, and the other
 * processes of the site within the cache's lifetime.
 */
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
});
afterAll(() => app.close());

it('a change an administrator saves is what the next cached read answers', async () => {
  expect(await app.ctx.settings.cached('siteCommission')).toBe(20);
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { siteCommission: 35 } });
  expect(res.status).toBe(200);
  expect(await app.ctx.settings.cached('siteCommission')).toBe(35);
  await app.request('PUT', '/api/admin/settings', { token, body: { siteCommission: 20 } });
  expect(await app.ctx.settings.cached('siteCommission')).toBe(20);
});

it('another process sees the change once its cache has lived its lifetime', async () => {
  // A second settings service on the same database stands for another process of the site.
  const otherProcess = createSettingsService({ db: app.ctx.db, cacheMs: 200 });
  expect(await otherProcess.cached('contactEmail')).toBe('');

  await app.ctx.settings.update({ contactEmail: 'desk@example.test' });
  expect(await otherProcess.cached('contactEmail')).toBe('');
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(await otherProcess.cached('contactEmail')).toBe('desk@example.test');
});
