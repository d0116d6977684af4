import { randomUUID } from 'node:crypto';
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

type AdminMenu = { _id: string; title: string; path: string; openNewTab: boolean; section: string; ordering: number };
const titles = (items: AdminMenu[]) => items.map((m) => m.title);

it('creates, lists, changes and deletes menus', async () => {
  const created = await app.request('POST', '/api/admin/menus', { token, body: { section: 'crud', title: ' Blog ', path: '/blog' } });
  expect(created.status).toBe(201);
  const blog = created.body.data as AdminMenu;
  expect(blog).toEqual({ _id: expect.any(String), section: 'crud', title: 'Blog', path: '/blog', openNewTab: false, ordering: 0 });

  const list = await app.request('GET', '/api/admin/menus?section=crud', { token });
  expect(list.status).toBe(200);
  expect(list.body.data).toEqual({ items: [blog], count: 1 });

  // A partial update changes only what it names.
  const changed = await app.request('PUT', `/api/admin/menus/${blog._id}`, { token, body: { openNewTab: true, ordering: 3 } });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toEqual({ ...blog, openNewTab: true, ordering: 3 });
  const moved = await app.request('PUT', `/api/admin/menus/${blog._id}`, { token, body: { title: 'Journal' } });
  expect(moved.body.data).toEqual({ ...blog, title: 'Journal', openNewTab: true, ordering: 3 });

  const deleted = await app.request('DELETE', `/api/admin/menus/${blog._id}`, { token });
  expect(deleted.status).toBe(204);
  expect(deleted.body).toBeUndefined();
  expect((await app.request('GET', '/api/admin/menus?section=crud', { token })).body.data).toEqual({ items: [], count: 0 });
});

it('lists every section when none is named', async () => {
  await app.request('POST', '/api/admin/menus', { token, body: { section: 'all-a', title: 'A', path: '/a' } });
  const all = await app.request('GET', '/api/admin/menus', { token });
  const sameAsEmpty = await app.request('GET', '/api/admin/menus?section=', { token });
  expect(all.status).toBe(200);
  expect(new Set(all.body.data.items.map((m: AdminMenu) => m.section))).toEqual(new Set(['footer', 'all-a']));
  expect(all.body.data.count).toBe(all.body.data.items.length);
  expect(sameAsEmpty.body).toEqual(all.body);
});

it('answers 404 for a menu that does not exist', async () => {
  const id = randomUUID();
  const put = await app.request('PUT', `/api/admin/menus/${id}`, { token, body: { title: 'X' } });
  expect(put.status).toBe(404);
  expect(put.body.code).toBe('NOT_FOUND');
  const del = await app.request('DELETE', `/api/admin/menus/${id}`, { token });
  expect(del.status).toBe(404);
});

it('reorders a section in the order given, leaving other sections alone', async () => {
  const add = async (section: string, title: string) =>
    (await app.request('POST', '/api/admin/menus', { token, body: { section, title, path: `/${title.toLowerCase()}` } })).body
      .data as AdminMenu;
  const one = await add('order', 'One');
  const two = await add('order', 'Two');
  const three = await add('order', 'Three');
  const elsewhere = await add('order-other', 'Elsewhere');

  const res = await app.request('PUT', '/api/admin/menus/reorder', {
    token,
    body: { section: 'order', ids: [three._id, one._id, two._id] },
  });
  expect(res.status).toBe(200);
  expect(titles(res.body.data.items)).toEqual(['Three', 'One', 'Two']);
  expect(res.body.data.items.map((m: AdminMenu) => m.ordering)).toEqual([0, 1, 2]);

  const pub = await app.request('GET', '/api/menus/sections/order');
  expect(pub.body.data.items.map((m: { title: string }) => m.title)).toEqual(['Three', 'One', 'Two']);
  const other = await app.request('GET', '/api/admin/menus?section=order-other', { token });
  expect(other.body.data.items).toEqual([elsewhere]);

  // Menus left out of the list follow the listed ones.
  const partial = await app.request('PUT', '/api/admin/menus/reorder', { token, body: { section: 'order', ids: [two._id] } });
  expect(titles(partial.body.data.items)).toEqual(['Two', 'Three', 'One']);
});
