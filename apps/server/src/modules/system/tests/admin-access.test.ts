import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makePng, uploadFile } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const id = randomUUID();
const adminRoutes: { method: string; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/settings' },
  { method: 'PUT', url: '/api/admin/settings', body: { siteName: 'Taken over' } },
  { method: 'GET', url: '/api/admin/menus' },
  { method: 'POST', url: '/api/admin/menus', body: { title: 'Evil', path: '/evil' } },
  { method: 'PUT', url: '/api/admin/menus/reorder', body: { section: 'footer', ids: [id] } },
  { method: 'PUT', url: `/api/admin/menus/${id}`, body: { title: 'Evil' } },
  { method: 'DELETE', url: `/api/admin/menus/${id}` },
  { method: 'GET', url: '/api/admin/outbox' },
];

describe.each(adminRoutes)('$method $url', ({ method, url, body }) => {
  it('answers 401 without a token', async () => {
    const res = await app.request(method, url, { body });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 403 to an ordinary member and to a model', async () => {
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await app.request(method, url, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('checks the caller before the body, so a bad body from a stranger still gets 401', async () => {
    if (method === 'GET' || method === 'DELETE') return;
    const res = await app.request(method, url, { body: { nonsense: true, ids: 'x', siteCommission: 'lots' } });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/admin/settings/favicon', () => {
  it('answers 401 without a token and 403 to a member, storing nothing', async () => {
    const file = { name: 'x.png', type: 'image/png', content: await makePng() };
    expect((await uploadFile(app, '/api/admin/settings/favicon', file)).status).toBe(401);
    const { token } = await createMember(app);
    expect((await uploadFile(app, '/api/admin/settings/favicon', file, token)).status).toBe(403);
  });
});

it('wrote nothing for any refused caller', async () => {
  const settings = await app.ctx.db.query.settings.findMany();
  expect(settings.map((s) => s.key)).toEqual(['seed:footerMenus']);
  expect((await app.ctx.db.query.files.findMany()).length).toBe(0);
  const menus = await app.ctx.db.query.menus.findMany();
  expect(menus.map((m) => m.title).sort()).toEqual(['Contact us', 'Meet the creators']);
  const config = await app.request('GET', '/api/system/configs/public');
  expect(config.body.data.siteName).toBe('Creator Chat');
});
