import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { menus, settings } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { FOOTER_MENUS_SEED_KEY, seedFooterMenus } from '../seed';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const footerTitles = async () => (await app.ctx.db.select().from(menus).where(eq(menus.section, 'footer'))).map((m) => m.title).sort();

it('seeds the default footer menus once, on start', async () => {
  expect(await footerTitles()).toEqual(['Contact us', 'Meet the creators']);
  expect(await seedFooterMenus(app.ctx.db)).toBe(false);
  expect(await footerTitles()).toEqual(['Contact us', 'Meet the creators']);
});

it('never brings back a menu an administrator deleted', async () => {
  const admin = await createAdmin(app);
  const list = await app.request('GET', '/api/admin/menus?section=footer', { token: admin.token });
  const contact = list.body.data.items.find((m: { title: string }) => m.title === 'Contact us');
  expect((await app.request('DELETE', `/api/admin/menus/${contact._id}`, { token: admin.token })).status).toBe(204);

  await seedFooterMenus(app.ctx.db);
  expect(await footerTitles()).toEqual(['Meet the creators']);
});

it('seeds exactly once when two processes start together', async () => {
  // Back to a database that was never seeded.
  await app.ctx.db.delete(menus);
  await app.ctx.db.delete(settings).where(eq(settings.key, FOOTER_MENUS_SEED_KEY));

  const results = await Promise.all([seedFooterMenus(app.ctx.db), seedFooterMenus(app.ctx.db), seedFooterMenus(app.ctx.db)]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await footerTitles()).toEqual(['Contact us', 'Meet the creators']);
});
