import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, sandboxNonce, starter } from '../../payments/tests/helpers';
import { balanceOf, sendText, startConversation } from '../../messaging/tests/helpers';
import { periodRange } from '../stats.service';

let app: TestApp;
let adminToken: string;
const today = () => periodRange('7d', new Date()).starts.at(-1)!.toISOString();

beforeAll(async () => {
  app = await createTestApp();
  adminToken = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const stats = (query = '', token = adminToken) => app.request('GET', `/api/admin/stats${query}`, { token });

it('answers every bucket of the period with zeros on an empty site', async () => {
  const week = await stats('?period=7d');
  expect(week.status, JSON.stringify(week.body)).toBe(200);
  expect(week.body.data).toMatchObject({ period: '7d', bucket: 'day' });
  expect(week.body.data.series).toHaveLength(7);
  expect(week.body.data.series.at(-1)).toEqual({
    start: today(),
    members: 0,
    models: 0,
    revenueCents: 0,
    tokensSold: 0,
    tokensSpent: 0,
    messages: 0,
    calls: 0,
    payoutsPaid: 0,
  });

  const byDefault = await stats();
  expect(byDefault.body.data).toMatchObject({ period: '30d', bucket: 'day' });
  expect(byDefault.body.data.series).toHaveLength(30);
  expect((await stats('?period=90d')).body.data.series).toHaveLength(90);

  const year = (await stats('?period=12m')).body.data;
  expect(year.bucket).toBe('month');
  expect(year.series).toHaveLength(12);
  expect(year.series.every((b: { start: string }) => /^\d{4}-\d{2}-01T00:00:00\.000Z$/.test(b.start))).toBe(true);
  expect(year.to).toBe(periodRange('12m', new Date()).to.toISOString());
});

it('counts members, models, online members, sales, spending and messages, today and in total', async () => {
  const before = (await stats('?period=7d')).body.data;
  const { user: member, token: memberToken } = await createMember(app);
  await createMember(app);
  const { user: model, token: modelToken } = await createModel(app, { tokenPerMessage: 150 });
  await createModel(app, { modelStatus: 'pending' });
  // An account from 40 days ago: in the 90 days, not in the 30.
  await createMember(app, { createdAt: new Date(Date.now() - 40 * 86_400_000) });

  // 100 tokens for $9.99 through the sandbox card flow.
  const pkg = await starter(app);
  const bought = await buy(app, memberToken, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);

  // Two paid messages to the model (1.50 tokens each), one free answer.
  const conversation = await startConversation(app, memberToken, model.id);
  await sendText(app, memberToken, conversation._id, 'Hi');
  await sendText(app, memberToken, conversation._id, 'Still there?');
  await sendText(app, modelToken, conversation._id, 'Yes');
  const spent = pkg.tokens - (await balanceOf(app, memberToken));
  expect(spent).toBe(3);

  await app.ctx.presence.connected(member.id);
  try {
    const res = await stats('?period=7d');
    expect(res.status).toBe(200);
    const { totals, series } = res.body.data;
    expect(totals).toEqual({
      members: before.totals.members + 5,
      models: before.totals.models + 1,
      onlineNow: 1,
      revenueCents: 999,
      tokensSold: 100,
      tokensSpent: 3,
      messages: 3,
      calls: 0,
      payoutsPaid: 0,
    });
    expect(series.at(-1)).toEqual({
      start: today(),
      members: before.series.at(-1).members + 4,
      models: 1,
      revenueCents: 999,
      tokensSold: 100,
      tokensSpent: 3,
      messages: 3,
      calls: 0,
      payoutsPaid: 0,
    });
  } finally {
    await app.ctx.presence.disconnected(member.id);
  }

  const sum = (body: { series: { members: number }[] }) => body.series.reduce((n, b) => n + b.members, 0);
  const month = (await stats('?period=30d')).body.data;
  const quarter = (await stats('?period=90d')).body.data;
  expect(sum(quarter)).toBe(sum(month) + 1);
  expect(quarter.totals.tokensSold).toBe(100);
});

it('is for administrators only and checks the period', async () => {
  const { token } = await createMember(app);
  expect((await app.request('GET', '/api/admin/stats')).status).toBe(401);
  expect((await stats('', token)).status).toBe(403);
  const bad = await stats('?period=1y');
  expect(bad.status).toBe(422);
  expect(bad.body.details.fields).toHaveProperty('period');
});
