import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, ledgerOf, tip } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Line = { kind: string; amount: number; note?: string | null };
type Row = { source: string; net: number; note?: string | null };

it("a tip's note comes back, as written, on the model's earning row and on both statement lines", async () => {
  const model = await createModel(app);
  const fan = await createMember(app);
  await fund(app, fan.user.id, 1_000);
  const note = 'Loved the <b>show</b> — thank you!';
  expect((await tip(app, fan.token, { modelId: model.user.id, amount: 2.5, note })).status).toBe(201);
  expect((await tip(app, fan.token, { modelId: model.user.id, amount: 1 })).status).toBe(201);

  const earnings = await app.request('GET', '/api/earning', { token: model.token });
  expect(earnings.status).toBe(200);
  expect(earnings.body.data.items.map(({ source, net, note: n }: Row) => [source, net, n])).toEqual([
    ['tip', 0.8, null],
    ['tip', 2, note],
  ]);

  const modelLines = (await app.request('GET', '/api/wallet/entries', { token: model.token })).body.data.items as Line[];
  expect(modelLines.map((l) => [l.kind, l.amount, l.note])).toEqual([
    ['tip', 0.8, null],
    ['tip', 2, note],
  ]);
  const fanLines = (await app.request('GET', '/api/wallet/entries', { token: fan.token })).body.data.items as Line[];
  expect(fanLines.map((l) => [l.kind, l.amount, l.note])).toEqual([
    ['tip', -1, null],
    ['tip', -2.5, note],
    ['card_purchase', 10, null],
  ]);

  // An administrator reading the member's statement sees the same line.
  const admin = await createAdmin(app);
  const adminView = await app.request('GET', `/api/admin/users/${fan.user.id}/entries`, { token: admin.token });
  expect(adminView.status).toBe(200);
  expect((adminView.body.data.items as Line[]).map((l) => l.note)).toEqual([null, note, null]);
});

it('a sale that is not a tip has no note, even when its ledger metadata holds one', async () => {
  const model = await createModel(app);
  const buyer = await createMember(app);
  await fund(app, buyer.user.id, 1_000);
  await ledgerOf(app).transferWithCommission({
    payerId: buyer.user.id,
    modelId: model.user.id,
    gross: 300,
    source: 'item',
    idempotencyKey: `item-with-metadata:${buyer.user.id}`,
    memo: 'Item',
    metadata: { note: 'not for people' },
  });
  const [row] = (await app.request('GET', '/api/earning', { token: model.token })).body.data.items as Row[];
  expect(row).toMatchObject({ source: 'item', note: null });
  const [line] = (await app.request('GET', '/api/wallet/entries', { token: model.token })).body.data.items as Line[];
  expect(line).toMatchObject({ kind: 'item', note: null });
});
