import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, ledgerTransactions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund, ledgerOf, tip } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a member tips a model', () => {
  it('moves the gross from the member, the net to the model and the commission to the site (20 % of 1.05 → 0.21)', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 500);

    const res = await tip(app, member.token, { modelId: model.user.id, amount: 1.05, note: '  Thanks for the chat!  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { transactionId: expect.any(String), balance: 3.95 } });

    const ledger = ledgerOf(app);
    expect(await ledger.balanceOf(member.user.id)).toBe(395);
    expect(await ledger.balanceOf(model.user.id)).toBe(84);

    const [earning] = await app.ctx.db.select().from(earnings).where(eq(earnings.transactionId, res.body.data.transactionId));
    expect(earning).toMatchObject({ modelId: model.user.id, payerId: member.user.id, source: 'tip', gross: 105, commission: 21, net: 84 });
    const [transaction] = await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, res.body.data.transactionId));
    expect(transaction).toMatchObject({ kind: 'tip', memo: `Tip from @${member.user.username} to @${model.user.username}` });
    expect(transaction!.metadata).toMatchObject({ note: 'Thanks for the chat!', commissionPercent: 20 });
    expect((await ledger.check()).ok).toBe(true);
  });

  it('uses the commission the administrator set', async () => {
    const { token: admin } = await createAdmin(app);
    expect((await app.request('PUT', '/api/admin/settings', { token: admin, body: { siteCommission: 0 } })).status).toBe(200);
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 1_000);
    expect((await tip(app, member.token, { modelId: model.user.id, amount: 10 })).status).toBe(201);
    expect(await ledgerOf(app).balanceOf(model.user.id)).toBe(1_000);
    await app.request('PUT', '/api/admin/settings', { token: admin, body: { siteCommission: 20 } });
  });

  it('answers 402 with how many tokens are needed and held, and writes nothing', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 150);
    const res = await tip(app, member.token, { modelId: model.user.id, amount: 1_234.56 });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      code: 'INSUFFICIENT_TOKENS',
      msg: 'You need 1,234.56 tokens for this but have 1.50.',
      message: 'You need 1,234.56 tokens for this but have 1.50.',
      details: { needed: 1_234.56, balance: 1.5 },
    });
    expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(150);
    expect(await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id))).toEqual([]);
  });

  it('tips once when the same key is sent again, and answers the same transaction', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 1_000);
    const idempotencyKey = randomUUID();
    const first = await tip(app, member.token, { modelId: model.user.id, amount: 3, idempotencyKey });
    const again = await tip(app, member.token, { modelId: model.user.id, amount: 3, idempotencyKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(700);
  });

  it("keeps one member's key from replaying another member's tip", async () => {
    const [alice, bob] = [await createMember(app), await createMember(app)];
    const model = await createModel(app);
    await Promise.all([fund(app, alice.user.id, 500), fund(app, bob.user.id, 500)]);
    const idempotencyKey = randomUUID();
    const a = await tip(app, alice.token, { modelId: model.user.id, amount: 1, idempotencyKey });
    const b = await tip(app, bob.token, { modelId: model.user.id, amount: 1, idempotencyKey });
    expect(b.status).toBe(201);
    expect(b.body.data.transactionId).not.toBe(a.body.data.transactionId);
    expect(await ledgerOf(app).balanceOf(bob.user.id)).toBe(400);
  });
});

describe('who may be tipped', () => {
  it('refuses a tip to yourself', async () => {
    const model = await createModel(app);
    await fund(app, model.user.id, 500);
    const res = await tip(app, model.token, { modelId: model.user.id, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg: 'You cannot send a tip to yourself.' });
  });

  it('refuses a tip to a member who is not a model', async () => {
    const member = await createMember(app);
    const other = await createMember(app);
    await fund(app, member.user.id, 500);
    const res = await tip(app, member.token, { modelId: other.user.id, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'NOT_A_MODEL', msg: 'Tips can only go to models.' });
  });

  it('refuses a tip to a model not approved yet', async () => {
    const member = await createMember(app);
    const pending = await createModel(app, { modelStatus: 'pending' });
    await fund(app, member.user.id, 500);
    const res = await tip(app, member.token, { modelId: pending.user.id, amount: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'NOT_A_MODEL', msg: 'This model is not approved yet, so they cannot receive tips.' });
  });

  it('answers 404 for an unknown, suspended or deactivated model', async () => {
    const member = await createMember(app);
    await fund(app, member.user.id, 500);
    const suspended = await createModel(app, { status: 'suspended' });
    const deactivated = await createModel(app, { status: 'deactivated' });
    for (const modelId of [randomUUID(), suspended.user.id, deactivated.user.id]) {
      const res = await tip(app, member.token, { modelId, amount: 1 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That model was not found.', message: 'That model was not found.' });
    }
    expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(500);
  });
});

describe('what a tip must look like', () => {
  it.each([
    [{ amount: 0.99 }, 'amount: A tip must be at least 1.00 tokens'],
    [{ amount: 1.505 }, 'amount: A tip has at most two decimals'],
    [{ amount: 12.345 }, 'amount: A tip has at most two decimals'],
    [{ amount: -1 }, 'amount: A tip must be at least 1.00 tokens'],
    [{ amount: 1_000_000.01 }, 'amount: A tip must be at most 1,000,000.00 tokens'],
    [{ amount: '1e3' }, 'amount: A tip must be a number of tokens'],
    [{ note: 'x'.repeat(501) }, 'note: A note is at most 500 characters'],
    [{ idempotencyKey: 'again' }, 'idempotencyKey: idempotencyKey must be 8 to 255 characters'],
    [{ modelId: 'nobody' }, 'modelId: Choose a model to tip'],
  ])('refuses %j with 422', async (patch, msg) => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 500);
    const res = await app.request('POST', '/api/share-love/create', {
      token: member.token,
      body: { modelId: model.user.id, amount: 1, idempotencyKey: randomUUID(), ...patch },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg });
    expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(500);
  });

  it('needs a signed-in member', async () => {
    const res = await app.request('POST', '/api/share-love/create', {
      body: { modelId: randomUUID(), amount: 1, idempotencyKey: randomUUID() },
    });
    expect(res.status).toBe(401);
  });

  it('allows 30 tips a minute per member, then answers 429', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 3_000);
    for (let i = 0; i < 30; i++) expect((await tip(app, member.token, { modelId: model.user.id, amount: 1 })).status).toBe(201);
    const blocked = await tip(app, member.token, { modelId: model.user.id, amount: 1 });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    // The limit is the member's own: another member tips freely.
    const other = await createMember(app);
    await fund(app, other.user.id, 100);
    expect((await tip(app, other.token, { modelId: model.user.id, amount: 1 })).status).toBe(201);
  });
});

describe('a client written from the spec (docs/product.md#compatibility)', () => {
  const tipAsSpecSays = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/share-love/create', { token, body });

  it('tips with { modelId, token }: token 2.5 takes exactly 2.50 tokens, no key needed', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 1_000);

    const res = await tipAsSpecSays(member.token, { modelId: model.user.id, token: 2.5 });
    expect(res.status).toBe(201);
    expect(res.body.data.balance).toBe(7.5);
    expect((await app.request('GET', '/api/wallet', { token: member.token })).body.data.balance).toBe(7.5);
    // 2.50 tokens at the default 20 % commission: the model earns 2.00.
    expect((await app.request('GET', '/api/wallet', { token: model.token })).body.data.balance).toBe(2);
  });

  it('without an idempotencyKey, every request is a new tip', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 1_000);

    const first = await tipAsSpecSays(member.token, { modelId: model.user.id, token: 1 });
    const second = await tipAsSpecSays(member.token, { modelId: model.user.id, token: 1 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.transactionId).not.toBe(first.body.data.transactionId);
    expect(second.body.data.balance).toBe(8);
  });

  it('refuses token 12.345 with 422 naming token, and takes nothing', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 5_000);

    const res = await tipAsSpecSays(member.token, { modelId: model.user.id, token: 12.345 });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('token: A tip has at most two decimals');
    expect(Object.keys(res.body.details.fields)).toEqual(['token']);
    expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(5_000);
  });

  it('asks for an amount when neither token nor amount is sent', async () => {
    const { token } = await createMember(app);
    const model = await createModel(app);
    const res = await tipAsSpecSays(token, { modelId: model.user.id });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toEqual(['token']);
  });
});
