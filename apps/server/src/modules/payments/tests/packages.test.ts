import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenPackages } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { seedTokenPackages } from '../packages.seed';
import { activePackages } from './helpers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const names = (items: { name: string }[]) => items.map((p) => p.name);

it('seeds three packages on first start, publicly listed cheapest first', async () => {
  const res = await app.request('GET', '/api/token-package');
  expect(res.status).toBe(200);
  expect(res.body.data.count).toBe(3);
  const items = res.body.data.items as { _id: string }[];
  expect(items.every((p) => typeof p._id === 'string')).toBe(true);
  expect(items.map(({ _id, ...rest }) => rest)).toEqual([
    { name: 'Starter', tokens: 10_000, priceCents: 999, ordering: 0, active: true },
    { name: 'Popular', tokens: 55_000, priceCents: 4_999, ordering: 1, active: true },
    { name: 'Premium', tokens: 120_000, priceCents: 9_999, ordering: 2, active: true },
  ]);
  expect(await seedTokenPackages(app.ctx.db)).toBe(false);
});

it('administrators add, change and retire packages; retired ones leave the shop but stay on record', async () => {
  const created = await app.request('POST', '/api/admin/token-packages', {
    token: admin,
    body: { name: '  Mega  ', tokens: 1_000_000, priceCents: 50_000, ordering: 1 },
  });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ name: 'Mega', tokens: 1_000_000, priceCents: 50_000, ordering: 1, active: true });
  const id = created.body.data._id as string;
  // Same ordering as Popular: the cheaper one first.
  expect(names(await activePackages(app))).toEqual(['Starter', 'Popular', 'Mega', 'Premium']);

  const changed = await app.request('PUT', `/api/admin/token-packages/${id}`, { token: admin, body: { priceCents: 45_000, ordering: 3 } });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ name: 'Mega', tokens: 1_000_000, priceCents: 45_000, ordering: 3, active: true });

  expect((await app.request('DELETE', `/api/admin/token-packages/${id}`, { token: admin })).status).toBe(204);
  expect(names(await activePackages(app))).not.toContain('Mega');
  const all = await app.request('GET', '/api/admin/token-packages', { token: admin });
  expect(all.body.data.items.find((p: { _id: string }) => p._id === id)).toMatchObject({ active: false });

  // Brought back by an administrator.
  const revived = await app.request('PUT', `/api/admin/token-packages/${id}`, { token: admin, body: { active: true } });
  expect(revived.body.data.active).toBe(true);
  expect(names(await activePackages(app))).toContain('Mega');
});

it('refuses bad input with the failing field and writes nothing', async () => {
  const before = (await app.ctx.db.select().from(tokenPackages)).length;
  const bad = [
    { name: '', tokens: 100, priceCents: 100 },
    { name: 'Fraction', tokens: 100.5, priceCents: 100 },
    { name: 'Cheap', tokens: 100, priceCents: 10 },
    { name: 'Negative', tokens: -100, priceCents: 100 },
    { name: 'Missing price', tokens: 100 },
  ];
  for (const body of bad) {
    const res = await app.request('POST', '/api/admin/token-packages', { token: admin, body });
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields).length).toBeGreaterThan(0);
  }
  const [first] = await activePackages(app);
  const update = await app.request('PUT', `/api/admin/token-packages/${first!._id}`, { token: admin, body: { priceCents: 'free' } });
  expect(update.status).toBe(422);
  expect(update.body.details.fields).toHaveProperty('priceCents');
  expect((await app.ctx.db.select().from(tokenPackages)).length).toBe(before);
  expect((await activePackages(app))[0]).toEqual(first);
});

it('answers 404 for a package that does not exist, and 422 for an id that cannot be one', async () => {
  const id = randomUUID();
  expect((await app.request('PUT', `/api/admin/token-packages/${id}`, { token: admin, body: { name: 'X' } })).status).toBe(404);
  expect((await app.request('DELETE', `/api/admin/token-packages/${id}`, { token: admin })).status).toBe(404);
  expect((await app.request('DELETE', '/api/admin/token-packages/not-an-id', { token: admin })).status).toBe(422);
});

it('seeds exactly once when two processes start together', async () => {
  await app.ctx.db.delete(tokenPackages);
  const results = await Promise.all([seedTokenPackages(app.ctx.db), seedTokenPackages(app.ctx.db), seedTokenPackages(app.ctx.db)]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(names(await activePackages(app))).toEqual(['Starter', 'Popular', 'Premium']);
});
