import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, ledgerAccounts } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, ledgerOf, tip } from './helpers';

/**
 * GET /admin/earnings (docs/product.md#earnings-for-administrators): every model's earning rows with
 * the model and payer, filtered, and totals of the filtered set that match what the ledger moved.
 */
let app: TestApp;
let admin: string;
const tag = randomBytes(3).toString('hex');
let anna: Awaited<ReturnType<typeof createModel>>;
let bella: Awaited<ReturnType<typeof createModel>>;
let payer: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
  anna = await createModel(app, { name: `Anna Rivers ${tag}`, username: `anna_${tag}` });
  bella = await createModel(app, { name: `Bella Stone ${tag}`, username: `bella_${tag}` });
  payer = await createMember(app, { name: `Paying Pat ${tag}` });
  await fund(app, payer.user.id, 100_000);
  // Sales through the real tip route, and an item sale refunded through the ledger.
  expect((await tip(app, payer.token, { modelId: anna.user.id, amount: 10, note: 'Thanks!' })).status).toBe(201);
  expect((await tip(app, payer.token, { modelId: anna.user.id, amount: 2.55 })).status).toBe(201);
  expect((await tip(app, payer.token, { modelId: bella.user.id, amount: 5 })).status).toBe(201);
  const item = await ledgerOf(app).transferWithCommission({
    payerId: payer.user.id,
    modelId: bella.user.id,
    gross: 4_000,
    source: 'item',
    idempotencyKey: randomUUID(),
    memo: 'Item',
  });
  await ledgerOf(app).refund({ transactionId: item.transactionId, idempotencyKey: randomUUID(), memo: 'Refund' });
});
afterAll(() => app.close());

const list = async (query: Record<string, string> = {}) => {
  const res = await app.request('GET', `/api/admin/earnings?${new URLSearchParams(query)}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const walletsOf = async (...userIds: string[]) =>
  Object.fromEntries(
    (
      await app.ctx.db
        .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.userId, userIds))
    ).map((row) => [row.userId, row.balance / 100]),
  );

describe('who may read every model’s earnings', () => {
  it('is for administrators only', async () => {
    const member = await createMember(app);
    expect((await app.request('GET', '/api/admin/earnings')).status).toBe(401);
    expect((await app.request('GET', '/api/admin/earnings', { token: member.token })).status).toBe(403);
    expect((await app.request('GET', '/api/admin/earnings', { token: anna.token })).status).toBe(403);
  });
});

describe('the rows and their totals', () => {
  it('lists each sale with model and payer names, a refund as a negative row, newest first', async () => {
    const page = await list({ q: tag });
    expect(page.count).toBe(5);
    expect(page.items[0]).toMatchObject({ source: 'item', gross: -40, commission: -8, net: -32, model: { _id: bella.user.id } });
    expect(page.items[1]).toMatchObject({ source: 'item', gross: 40, commission: 8, net: 32 });
    expect(page.items.at(-1)).toMatchObject({
      source: 'tip',
      gross: 10,
      commission: 2,
      net: 8,
      note: 'Thanks!',
      model: { _id: anna.user.id, name: `Anna Rivers ${tag}`, username: `anna_${tag}` },
      payer: { _id: payer.user.id, name: `Paying Pat ${tag}` },
    });
    // 20 % commission: 10 + 2.55 + 5 paid, the refunded item nets out.
    expect(page.totals).toEqual({ gross: 17.55, commission: 3.51, net: 14.04 });
  });

  it('totals what the ledger paid the models', async () => {
    const page = await list({ q: tag });
    const wallets = await walletsOf(anna.user.id, bella.user.id);
    expect(page.totals.net).toBeCloseTo(wallets[anna.user.id]! + wallets[bella.user.id]!, 2);
    expect((await list({ modelId: anna.user.id })).totals.net).toBe(wallets[anna.user.id]);
    expect((await list({ modelId: bella.user.id })).totals.net).toBe(wallets[bella.user.id]);
  });

  it('filters by model, by name or username, by source and by dates; totals follow the filters, not the page', async () => {
    expect((await list({ modelId: anna.user.id })).count).toBe(2);
    expect((await list({ q: `Bella Stone ${tag}` })).count).toBe(3);
    expect((await list({ q: `@bella_${tag}` })).count).toBe(3);
    expect((await list({ q: 'nobody-has-this-name' })).count).toBe(0);
    const tips = await list({ q: tag, source: 'tip' });
    expect(tips.items.map((row: { source: string }) => row.source)).toEqual(['tip', 'tip', 'tip']);
    expect(tips.totals).toEqual({ gross: 17.55, commission: 3.51, net: 14.04 });

    const paged = await list({ q: tag, limit: '2', skip: '1' });
    expect(paged.items).toHaveLength(2);
    expect(paged.count).toBe(5);
    expect(paged.totals).toEqual(tips.totals);

    // The refund row moved to yesterday: a date range picks it alone.
    const yesterday = new Date(Date.now() - 86_400_000);
    await app.ctx.db.update(earnings).set({ createdAt: yesterday }).where(eq(earnings.modelId, bella.user.id));
    const day = yesterday.toISOString().slice(0, 10);
    const onDay = await list({ q: tag, from: day, to: day });
    expect(onDay.count).toBe(3);
    expect(onDay.items.every((row: { model: { _id: string } }) => row.model._id === bella.user.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ q: tag, from: today })).count).toBe(2);
  });
});

describe('bad input', () => {
  it('refuses malformed filters naming the field, and an unknown model is 404', async () => {
    const cases: [string, string][] = [
      ['modelId=nope', 'modelId'],
      ['source=gift', 'source'],
      ['from=yesterday', 'from'],
      ['to=2026-13-40', 'to'],
      ['q=a%00b', 'q'],
      ['limit=0', 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await app.request('GET', `/api/admin/earnings?${query}`, { token: admin });
      expect(res.status, query).toBe(422);
      expect(res.body.details.fields, query).toHaveProperty(field);
    }
    const unknown = await app.request('GET', '/api/admin/earnings?modelId=00000000-0000-4000-8000-000000000000', { token: admin });
    expect(unknown.status).toBe(404);
    const notAModel = await app.request('GET', `/api/admin/earnings?modelId=${payer.user.id}`, { token: admin });
    expect(notAModel.status).toBe(404);
  });
});
