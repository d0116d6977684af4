import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const addMenu = async (body: Record<string, unknown>) => {
  const res = await app.request('POST', '/api/admin/menus', { token, body });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
};

it('starts with the default footer menus', async () => {
  const res = await app.request('GET', '/api/menus/sections/footer');
  expect(res.status).toBe(200);
  expect(res.body.data.count).toBe(2);
  expect(res.body.data.items).toEqual([
    { _id: expect.any(String), title: 'Contact us', path: '/contact-us', openNewTab: false },
    { _id: expect.any(String), title: 'Meet the creators', path: '/models', openNewTab: false },
  ]);
});

it('lists a section to anyone, by ordering then title, carrying openNewTab', async () => {
  await addMenu({ section: 'legal', title: 'Terms', path: '/terms', ordering: 2 });
  await addMenu({ section: 'legal', title: 'Privacy', path: '/privacy', ordering: 1 });
  await addMenu({ section: 'legal', title: 'Cookies', path: 'https://example.test/cookies', ordering: 2, openNewTab: true });
  await addMenu({ section: 'legal', title: 'About', path: '/about', ordering: 5 });

  const res = await app.request('GET', '/api/menus/sections/legal');
  expect(res.status).toBe(200);
  expect(res.body.data.count).toBe(4);
  expect(res.body.data.items.map((m: { title: string }) => m.title)).toEqual(['Privacy', 'Cookies', 'Terms', 'About']);
  expect(res.body.data.items[1]).toEqual({
    _id: expect.any(String),
    title: 'Cookies',
    path: 'https://example.test/cookies',
    openNewTab: true,
  });
  // The public shape has no admin fields.
  expect(Object.keys(res.body.data.items[0]).sort()).toEqual(['_id', 'openNewTab', 'path', 'title']);
});

it('keeps sections apart', async () => {
  await addMenu({ section: 'sidebar', title: 'Help', path: '/help' });
  const sidebar = await app.request('GET', '/api/menus/sections/sidebar');
  expect(sidebar.body.data.items.map((m: { title: string }) => m.title)).toEqual(['Help']);
  const footer = await app.request('GET', '/api/menus/sections/footer');
  expect(footer.body.data.items.map((m: { title: string }) => m.title)).toEqual(['Contact us', 'Meet the creators']);
  const empty = await app.request('GET', '/api/menus/sections/nothing-here');
  expect(empty.body).toEqual({ data: { items: [], count: 0 } });
});

it('refuses a bad section name with 422', async () => {
  const res = await app.request('GET', '/api/menus/sections/Bad_Section');
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.msg).toContain('section');
});
