import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

/** Every admin route refuses bad input with 422, a message naming the field, and writes nothing. */
let app: TestApp;
let token: string;
let snapshot: () => Promise<unknown>;
let before: unknown;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
  snapshot = async () => ({
    settings: (await app.request('GET', '/api/admin/settings', { token })).body,
    menus: (await app.request('GET', '/api/admin/menus', { token })).body,
    files: await app.ctx.db.query.files.findMany(),
  });
});
beforeEach(async () => {
  before = await snapshot();
});
afterAll(() => app.close());

async function expectRefused(method: string, url: string, body: unknown, field: string) {
  const res = await app.request(method, url, { token, body });
  expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.msg).toContain(field);
  expect(await snapshot()).toEqual(before);
  return res.body as { msg: string; details?: { fields: Record<string, string> } };
}

it('PUT /admin/settings: writes none of the fields when one is bad', async () => {
  const body = await expectRefused('PUT', '/api/admin/settings', { siteName: 'Fine name', siteCommission: 101 }, 'siteCommission');
  expect(body.details?.fields).toHaveProperty('siteCommission');
  await expectRefused('PUT', '/api/admin/settings', { footerContent: 'ok', contactEmail: 'not-an-email' }, 'contactEmail');
  await expectRefused('PUT', '/api/admin/settings', { siteName: '   ' }, 'siteName');
  await expectRefused('PUT', '/api/admin/settings', { minPayoutTokens: 'ten' }, 'minPayoutTokens');
  await expectRefused('PUT', '/api/admin/settings', { footerScript: 'x'.repeat(20_001) }, 'footerScript');
});

it('POST /admin/menus', async () => {
  await expectRefused('POST', '/api/admin/menus', { title: '', path: '/x' }, 'title');
  await expectRefused('POST', '/api/admin/menus', { title: 'Bad', path: 'javascript:alert(1)' }, 'path');
  await expectRefused('POST', '/api/admin/menus', { title: 'Bad', path: '/x', section: 'Not OK!' }, 'section');
  await expectRefused('POST', '/api/admin/menus', { title: 'Bad', path: '/x', openNewTab: 'yes' }, 'openNewTab');
  await expectRefused('POST', '/api/admin/menus', { title: 'Bad', path: '/x', ordering: -1 }, 'ordering');
});

it('PUT /admin/menus/:id', async () => {
  const [menu] = (await app.request('GET', '/api/admin/menus?section=footer', { token })).body.data.items;
  await expectRefused('PUT', `/api/admin/menus/${menu._id}`, { title: 'Kept?', path: 'ftp://example.test' }, 'path');
  await expectRefused('PUT', '/api/admin/menus/not-a-uuid', { title: 'X' }, 'id');
});

it('DELETE /admin/menus/:id', async () => {
  await expectRefused('DELETE', '/api/admin/menus/not-a-uuid', undefined, 'id');
});

it('PUT /admin/menus/reorder: ids from another section, repeated or malformed', async () => {
  const other = await app.request('POST', '/api/admin/menus', { token, body: { section: 'other', title: 'Other', path: '/other' } });
  before = await snapshot();
  const footer = (await app.request('GET', '/api/admin/menus?section=footer', { token })).body.data.items as { _id: string }[];
  const ids = footer.map((m) => m._id).reverse();
  const body = await expectRefused('PUT', '/api/admin/menus/reorder', { section: 'footer', ids: [...ids, other.body.data._id] }, 'ids');
  expect(body.details?.fields).toHaveProperty('ids');
  await expectRefused('PUT', '/api/admin/menus/reorder', { section: 'footer', ids: [ids[0], ids[0]] }, 'ids');
  await expectRefused('PUT', '/api/admin/menus/reorder', { section: 'footer', ids: ['nope'] }, 'ids');
  await expectRefused('PUT', '/api/admin/menus/reorder', { ids }, 'section');
});

it('GET /admin/menus and /admin/outbox: bad query values', async () => {
  await expectRefused('GET', '/api/admin/menus?section=UPPER', undefined, 'section');
  await expectRefused('GET', '/api/admin/outbox?limit=1000', undefined, 'limit');
  await expectRefused('GET', '/api/admin/outbox?skip=-1', undefined, 'skip');
});

it('POST /admin/settings/favicon: not a multipart upload', async () => {
  const res = await app.request('POST', '/api/admin/settings/favicon', { token, body: { file: 'favicon.png' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toMatch(/multipart/);
  expect(await snapshot()).toEqual(before);
});
