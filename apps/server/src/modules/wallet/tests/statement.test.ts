import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund, ledgerOf, tip } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("a member's wallet", () => {
  it('answers the balance, 0 before any tokens', async () => {
    const { user, token } = await createMember(app);
    expect((await app.request('GET', '/api/wallet', { token })).body).toEqual({ data: { balance: 0 } });
    await fund(app, user.id, 1_234);
    expect((await app.request('GET', '/api/wallet', { token })).body).toEqual({ data: { balance: 12.34 } });
    // The profile reads the same wallet.
    expect((await app.request('GET', '/api/users/me', { token })).body.data.balance).toBe(12.34);
  });

  it('lists the statement newest first, a page at a time, with the total count', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 10_000);
    for (const amount of [1, 2, 3, 4, 5]) expect((await tip(app, member.token, { modelId: model.user.id, amount })).status).toBe(201);

    const first = await app.request('GET', '/api/wallet/entries?limit=2', { token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.data.count).toBe(6);
    expect(first.body.data.items).toEqual([
      {
        _id: expect.any(String),
        transactionId: expect.any(String),
        kind: 'tip',
        amount: -5,
        memo: `Tip from @${member.user.username} to @${model.user.username}`,
        note: null,
        createdAt: expect.any(String),
      },
      expect.objectContaining({ kind: 'tip', amount: -4 }),
    ]);
    const rest = await app.request('GET', '/api/wallet/entries?limit=2&skip=4', { token: member.token });
    expect(rest.body.data.items.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['tip', -1],
      ['card_purchase', 100],
    ]);
    // Defaults: the first 20.
    expect((await app.request('GET', '/api/wallet/entries', { token: member.token })).body.data.items).toHaveLength(6);

    // The model's statement shows the net they received.
    const modelView = await app.request('GET', '/api/wallet/entries?limit=1', { token: model.token });
    expect(modelView.body.data.items[0]).toMatchObject({ kind: 'tip', amount: 4 });
  });

  it('refuses paging values out of range', async () => {
    const { token } = await createMember(app);
    for (const query of ['limit=0', 'limit=101', 'skip=-1', 'limit=abc']) {
      expect((await app.request('GET', `/api/wallet/entries?${query}`, { token })).status).toBe(422);
    }
  });

  it('needs a signed-in member', async () => {
    expect((await app.request('GET', '/api/wallet')).status).toBe(401);
    expect((await app.request('GET', '/api/wallet/entries')).status).toBe(401);
  });
});

describe("an administrator reads a member's statement", () => {
  it("answers that member's entries, 404 for an unknown member, 401/403 for others", async () => {
    const admin = await createAdmin(app);
    const member = await createMember(app);
    await fund(app, member.user.id, 300);
    await fund(app, member.user.id, 200);
    const res = await app.request('GET', `/api/admin/users/${member.user.id}/entries?limit=1`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ items: [expect.objectContaining({ kind: 'card_purchase', amount: 2 })], count: 2 });

    expect((await app.request('GET', `/api/admin/users/${randomUUID()}/entries`, { token: admin.token })).status).toBe(404);
    expect((await app.request('GET', `/api/admin/users/${member.user.id}/entries`)).status).toBe(401);
    expect((await app.request('GET', `/api/admin/users/${member.user.id}/entries`, { token: member.token })).status).toBe(403);
  });
});

describe("a model's earnings", () => {
  it('lists each sale with the payer, gross, commission and net, and the totals', async () => {
    const model = await createModel(app);
    const alice = await createMember(app);
    const bob = await createMember(app);
    await Promise.all([fund(app, alice.user.id, 1_000), fund(app, bob.user.id, 1_000)]);
    await tip(app, alice.token, { modelId: model.user.id, amount: 1.05 });
    await tip(app, bob.token, { modelId: model.user.id, amount: 2.5 });
    const sale = await ledgerOf(app).transferWithCommission({
      payerId: alice.user.id,
      modelId: model.user.id,
      gross: 300,
      source: 'item',
      idempotencyKey: randomUUID(),
      memo: 'Photo set',
    });
    await ledgerOf(app).refund({ transactionId: sale.transactionId, idempotencyKey: randomUUID(), memo: 'Refunded' });

    const res = await app.request('GET', '/api/earning?limit=3', { token: model.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(4);
    expect(res.body.data.totals).toEqual({ gross: 3.55, commission: 0.71, net: 2.84 });
    // The xChat client reads the net total as `totalEarnings`.
    expect(res.body.data.totalEarnings).toBe(2.84);
    expect(res.body.data.items).toHaveLength(3);
    const bobs = res.body.data.items.find((e: { payer: { _id: string } }) => e.payer._id === bob.user.id);
    expect(bobs).toEqual({
      _id: expect.any(String),
      source: 'tip',
      gross: 2.5,
      commission: 0.5,
      net: 2,
      payer: { _id: bob.user.id, username: bob.user.username, name: bob.user.name },
      note: null,
      createdAt: expect.any(String),
    });
    expect(await ledgerOf(app).balanceOf(model.user.id)).toBe(284);
  });

  it('answers 401 without a token', async () => {
    expect((await app.request('GET', '/api/earning')).status).toBe(401);
  });

  it.each([
    ['a model who has earned nothing', createModel],
    // A member has earned nothing either: the same answer, not a refusal (docs/product.md#earnings).
    ['a member who is not a model', createMember],
  ])('answers an empty list to %s', async (_who, create) => {
    const { token } = await create(app);
    const zero = { gross: 0, commission: 0, net: 0 };
    const res = await app.request('GET', '/api/earning', { token });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data).toMatchObject({
      items: [],
      count: 0,
      totals: zero,
      totalEarnings: 0,
      bySource: { message: zero, tip: zero, item: zero, call: zero },
    });
    // The last 30 UTC days, each present though empty.
    expect(data.byPeriod).toHaveLength(30);
    for (const period of data.byPeriod) expect(period).toEqual({ start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), count: 0, ...zero });
  });
});
