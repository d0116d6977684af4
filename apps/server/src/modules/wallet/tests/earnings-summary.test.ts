import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, ledgerOf, tip } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
type Sums = { gross: number; commission: number; net: number };
const zero: Sums = { gross: 0, commission: 0, net: 0 };

/** A sale through the ledger (hundredths), written at `at` when given (the earning row's time). */
async function sale(payerId: string, modelId: string, source: 'message' | 'item' | 'call', gross: number, at?: Date) {
  const paid = await ledgerOf(app).transferWithCommission({ payerId, modelId, gross, source, idempotencyKey: randomUUID(), memo: source });
  if (at) await app.ctx.db.update(earnings).set({ createdAt: at }).where(eq(earnings.transactionId, paid.transactionId));
  return paid;
}

const earningOf = async (token: string, query = '') => {
  const res = await app.request('GET', `/api/earning${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('totals by source', () => {
  it('sums each source apart, a refund netting out its sale, and the source filter narrows only the rows', async () => {
    const model = await createModel(app);
    const payer = await createMember(app);
    await fund(app, payer.user.id, 100_000);
    await tip(app, payer.token, { modelId: model.user.id, amount: 10 });
    await tip(app, payer.token, { modelId: model.user.id, amount: 2.55 });
    await sale(payer.user.id, model.user.id, 'message', 150);
    await sale(payer.user.id, model.user.id, 'call', 300);
    await sale(payer.user.id, model.user.id, 'call', 300);
    const refunded = await sale(payer.user.id, model.user.id, 'item', 5_000);
    await sale(payer.user.id, model.user.id, 'item', 999);
    await ledgerOf(app).refund({ transactionId: refunded.transactionId, idempotencyKey: randomUUID(), memo: 'Refund' });

    const all = await earningOf(model.token);
    // 20 % commission, rounded down: 2.55 → 0.51 kept; 9.99 → 1.99 kept.
    expect(all.bySource).toEqual({
      tip: { gross: 12.55, commission: 2.51, net: 10.04 },
      message: { gross: 1.5, commission: 0.3, net: 1.2 },
      call: { gross: 6, commission: 1.2, net: 4.8 },
      item: { gross: 9.99, commission: 1.99, net: 8 },
    });
    expect(all.totals).toEqual({ gross: 30.04, commission: 6, net: 24.04 });
    expect(all.count).toBe(8);

    const calls = await earningOf(model.token, '?source=call');
    expect(calls.count).toBe(2);
    expect(calls.items.map((e: { source: string }) => e.source)).toEqual(['call', 'call']);
    // The filter narrows the rows, never the sums.
    expect(calls.totals).toEqual(all.totals);
    expect(calls.bySource).toEqual(all.bySource);
    expect(calls.byPeriod).toEqual(all.byPeriod);

    const items = await earningOf(model.token, '?source=item&limit=2&skip=1');
    expect(items.count).toBe(3);
    expect(items.items).toHaveLength(2);
    expect((await earningOf(model.token, '?source=')).count).toBe(8);
  });

  it('counts only the model’s own earnings', async () => {
    const model = await createModel(app);
    const other = await createModel(app);
    const payer = await createMember(app);
    await fund(app, payer.user.id, 10_000);
    await sale(payer.user.id, other.user.id, 'message', 1_000);
    const mine = await earningOf(model.token);
    expect(mine.totals).toEqual(zero);
    expect(mine.bySource).toEqual({ message: zero, tip: zero, item: zero, call: zero });
  });
});

describe('totals by period (UTC)', () => {
  it('shows the last 30 days, oldest first, every day present, each sale in its UTC day', async () => {
    const model = await createModel(app);
    const payer = await createMember(app);
    await fund(app, payer.user.id, 100_000);
    const now = Date.now();
    const today = Date.parse(`${ymd(now)}T00:00:00Z`);
    await sale(payer.user.id, model.user.id, 'message', 1_000, new Date(now));
    await sale(payer.user.id, model.user.id, 'message', 500, new Date(today)); // today's first instant
    await sale(payer.user.id, model.user.id, 'call', 200, new Date(today - 1)); // yesterday's last millisecond
    await sale(payer.user.id, model.user.id, 'item', 300, new Date(today - 29 * DAY)); // the oldest day shown
    await sale(payer.user.id, model.user.id, 'item', 700, new Date(today - 29 * DAY - 1)); // one day too old

    const { byPeriod, totals } = await earningOf(model.token, '?period=day');
    expect(byPeriod).toHaveLength(30);
    expect(byPeriod.map((p: { start: string }) => p.start)).toEqual(Array.from({ length: 30 }, (_, i) => ymd(today - (29 - i) * DAY)));
    expect(byPeriod[29]).toEqual({ start: ymd(today), count: 2, gross: 15, commission: 3, net: 12 });
    expect(byPeriod[28]).toEqual({ start: ymd(today - DAY), count: 1, gross: 2, commission: 0.4, net: 1.6 });
    expect(byPeriod[0]).toEqual({ start: ymd(today - 29 * DAY), count: 1, gross: 3, commission: 0.6, net: 2.4 });
    for (const p of byPeriod.slice(1, 28)) expect(p).toEqual({ start: p.start, count: 0, ...zero });
    // The totals still count everything, the sale older than the periods too.
    expect(totals.gross).toBe(27);
  });

  it('groups by ISO week (from Monday) and by month, and defaults to days', async () => {
    const model = await createModel(app);
    const payer = await createMember(app);
    await fund(app, payer.user.id, 100_000);
    const now = new Date();
    const today = Date.parse(`${ymd(now.getTime())}T00:00:00Z`);
    const weekOf = (ms: number) => {
      const day = Date.parse(`${ymd(ms)}T00:00:00Z`);
      return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
    };
    const monthOf = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
    const monday = weekOf(today);
    const firstOfMonth = monthOf(today);
    const sales: [number, number][] = [
      [monday, 100],
      [monday - 1, 200], // the Sunday before, at its last millisecond
      [monday - 11 * 7 * DAY, 400], // the oldest week shown
      [monday - 11 * 7 * DAY - 1, 800], // a week too old
      [firstOfMonth - 1, 1_600], // last month's last millisecond
      [Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1), 3_200], // the oldest month shown
      [Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1) - 1, 6_400], // a month too old
    ];
    for (const [at, gross] of sales) await sale(payer.user.id, model.user.id, 'message', gross, new Date(at));

    /** What each shown period should hold: the sales whose period starts there, in tokens. */
    const expected = (starts: number[], startOf: (ms: number) => number) =>
      starts.map((start) => {
        const inside = sales.filter(([at]) => startOf(at) === start);
        const gross = inside.reduce((sum, [, g]) => sum + g, 0);
        const commission = inside.reduce((sum, [, g]) => sum + Math.floor(g / 5), 0);
        return {
          start: ymd(start),
          count: inside.length,
          gross: gross / 100,
          commission: commission / 100,
          net: (gross - commission) / 100,
        };
      });

    const weeks = (await earningOf(model.token, '?period=week')).byPeriod;
    const weekStarts = Array.from({ length: 12 }, (_, i) => monday - (11 - i) * 7 * DAY);
    expect(weeks).toEqual(expected(weekStarts, weekOf));
    // This Monday's first instant is in this week, the Sunday before in the last one (each may also
    // hold last month's last millisecond, when the month turned this week or last).
    expect(weeks[11]).toMatchObject({ start: ymd(monday) });
    expect(weeks[11].gross).toBeGreaterThanOrEqual(1);
    expect(weeks[10].gross).toBeGreaterThanOrEqual(2);
    expect(weeks[0].count).toBeGreaterThanOrEqual(1);

    const months = (await earningOf(model.token, '?period=month')).byPeriod;
    const monthStarts = Array.from({ length: 12 }, (_, i) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    expect(months).toEqual(expected(monthStarts, monthOf));
    expect(months[10].gross).toBeGreaterThanOrEqual(16);
    expect(months[0].gross).toBeGreaterThanOrEqual(32);

    expect((await earningOf(model.token)).byPeriod).toHaveLength(30);
    expect((await earningOf(model.token, '?period=')).byPeriod).toHaveLength(30);
  });
});

describe('bad input and who may read', () => {
  it.each([
    ['?source=salary', 'source'],
    ['?period=year', 'period'],
    ['?source=tip%00', 'source'],
    ['?period=day&period=week', 'period'],
    [`?source=${'x'.repeat(10_000)}`, 'source'],
  ])('refuses %s with 422 naming the field', async (query, field) => {
    const { token } = await createModel(app);
    const res = await app.request('GET', `/api/earning${query}`, { token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toContain(field);
  });

  it('answers 401 without a session, and a member her empty weeks', async () => {
    expect((await app.request('GET', '/api/earning?period=week')).status).toBe(401);
    const { token } = await createMember(app);
    const res = await app.request('GET', '/api/earning?period=week', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.byPeriod).toHaveLength(12);
    expect(res.body.data.byPeriod.every((p: { net: number; count: number }) => p.net === 0 && p.count === 0)).toBe(true);
  });
});
