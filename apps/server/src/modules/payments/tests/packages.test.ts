import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
    { name: 'Starter', tokens: 100, priceCents: 999, price: 9.99, ordering: 0, active: true },
    { name: 'Popular', tokens: 550, priceCents: 4_999, price: 49.99, ordering: 1, active: true },
    { name: 'Premium', tokens: 1_200, priceCents: 9_999, price: 99.99, ordering: 2, active: true },
  ]);
  expect(await seedTokenPackages(app.ctx.db)).toBe(false);
});

it('administrators add, change and retire packages; retired ones leave the shop but stay on record', async () => {
  const created = await app.request('POST', '/api/admin/token-packages', {
    token: admin,
    body: { name: '  Mega  ', tokens: 10_000, priceCents: 50_000, ordering: 1 },
  });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ name: 'Mega', tokens: 10_000, priceCents: 50_000, price: 500, ordering: 1, active: true });
  const id = created.body.data._id as string;
  // 10,000 tokens are kept as hundredths.
  expect((await app.ctx.db.select().from(tokenPackages).where(eq(tokenPackages.id, id)))[0]!.tokens).toBe(1_000_000);
  // Same ordering as Popular: the cheaper one first.
  expect(names(await activePackages(app))).toEqual(['Starter', 'Popular', 'Mega', 'Premium']);

  // The price may be given in dollars too.
  const changed = await app.request('PUT', `/api/admin/token-packages/${id}`, { token: admin, body: { price: 450, ordering: 3 } });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ name: 'Mega', tokens: 10_000, priceCents: 45_000, price: 450, ordering: 3, active: true });

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
  const bad: [Record<string, unknown>, string][] = [
    [{ name: '', tokens: 100, priceCents: 100 }, 'name'],
    [{ name: 'Three decimals', tokens: 12.345, priceCents: 100 }, 'tokens'],
    [{ name: 'Less than a token', tokens: 0.5, priceCents: 100 }, 'tokens'],
    [{ name: 'Negative', tokens: -100, priceCents: 100 }, 'tokens'],
    [{ name: 'As text', tokens: 'a hundred', priceCents: 100 }, 'tokens'],
    [{ name: 'Cheap', tokens: 100, priceCents: 10 }, 'priceCents'],
    [{ name: 'Fraction of a cent', tokens: 100, price: 9.999 }, 'price'],
    [{ name: 'Two prices', tokens: 100, priceCents: 999, price: 10 }, 'price'],
    [{ name: 'Missing price', tokens: 100 }, 'priceCents'],
  ];
  for (const [body, field] of bad) {
    const res = await app.request('POST', '/api/admin/token-packages', { token: admin, body });
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields), JSON.stringify(body)).toEqual([field]);
    expect(res.body.msg).toMatch(new RegExp(`^${field}: `));
  }
  const threeDecimals = await app.request('POST', '/api/admin/token-packages', {
    token: admin,
    body: { name: 'Three decimals', tokens: 12.345, priceCents: 100 },
  });
  expect(threeDecimals.body.msg).toBe('tokens: The number of tokens has at most two decimals');
  const [first] = await activePackages(app);
  const update = await app.request('PUT', `/api/admin/token-packages/${first!._id}`, { token: admin, body: { priceCents: 'free' } });
  expect(update.status).toBe(422);
  expect(update.body.details.fields).toHaveProperty('priceCents');
  expect((await app.ctx.db.select().from(tokenPackages)).length).toBe(before);
  expect((await activePackages(app))[0]).toEqual(first);
});

it('takes tokens with two decimals and the price in dollars', async () => {
  const created = await app.request('POST', '/api/admin/token-packages', {
    token: admin,
    body: { name: 'Taster', tokens: 12.5, price: 2.49 },
  });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ name: 'Taster', tokens: 12.5, priceCents: 249, price: 2.49, ordering: 0, active: true });
  const [row] = await app.ctx.db.select().from(tokenPackages).where(eq(tokenPackages.id, created.body.data._id));
  expect(row).toMatchObject({ tokens: 1_250, priceCents: 249 });
  expect((await app.request('DELETE', `/api/admin/token-packages/${row!.id}`, { token: admin })).status).toBe(204);
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
