import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { DEFAULT_SETTINGS } from '../settings.service';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
});
afterAll(() => app.close());

it('shows every setting to an administrator, defaults first', async () => {
  const res = await app.request('GET', '/api/admin/settings', { token });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: DEFAULT_SETTINGS });
});

it('changes only the settings named, and answers them all', async () => {
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { siteCommission: 35, contactEmail: 'desk@example.test' } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { ...DEFAULT_SETTINGS, siteCommission: 35, contactEmail: 'desk@example.test' } });

  const again = await app.request('PUT', '/api/admin/settings', { token, body: { siteName: '  Trimmed  ' } });
  expect(again.body.data).toEqual({ ...DEFAULT_SETTINGS, siteCommission: 35, contactEmail: 'desk@example.test', siteName: 'Trimmed' });
  expect((await app.request('GET', '/api/admin/settings', { token })).body).toEqual(again.body);
});
