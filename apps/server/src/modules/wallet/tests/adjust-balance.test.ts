import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund, ledgerOf } from './helpers';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

const adjust = (userId: string, body: Record<string, unknown>, token = admin.token) =>
  app.request('POST', `/api/admin/users/${userId}/adjust-balance`, { token, body: { idempotencyKey: randomUUID(), ...body } });
const adjustmentsOf = (userId: string) => ledgerOf(app).statement({ userId, limit: 100, skip: 0 });

describe('an administrator adjusts a balance', () => {
  it('adds and removes tokens with a reason, written to the ledger with the administrator', async () => {
    const { user } = await createMember(app);
    const added = await adjust(user.id, { amount: 25, reason: 'Compensation for a failed call' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ data: { balance: 25 } });
    expect((await adjust(user.id, { amount: -10, reason: 'Duplicate compensation' })).body).toEqual({ data: { balance: 15 } });

    // The ledger itself counts hundredths.
    const { items } = await adjustmentsOf(user.id);
    expect(items.map((e) => [e.kind, e.amount, e.memo])).toEqual([
      ['adjustment', -1_000, 'Duplicate compensation'],
      ['adjustment', 2_500, 'Compensation for a failed call'],
    ]);
    const [transaction] = await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, items[0]!.transactionId));
    expect(transaction!.createdBy).toBe(admin.user.id);
    expect((await ledgerOf(app).check()).ok).toBe(true);
  });

  it('adjusts once when the same key is sent twice', async () => {
    const { user } = await createMember(app);
    const idempotencyKey = randomUUID();
    await adjust(user.id, { amount: 7, reason: 'Goodwill', idempotencyKey });
    const again = await adjust(user.id, { amount: 7, reason: 'Goodwill', idempotencyKey });
    expect(again.body).toEqual({ data: { balance: 7 } });
    expect(await ledgerOf(app).balanceOf(user.id)).toBe(700);
  });

  it('takes amounts with two decimals and any opaque key of 8 characters or more', async () => {
    const { user } = await createMember(app);
    const res = await adjust(user.id, { amount: 0.75, reason: 'Rounding correction', idempotencyKey: 'ticket-4711' });
    expect(res.body).toEqual({ data: { balance: 0.75 } });
    expect(await ledgerOf(app).balanceOf(user.id)).toBe(75);
  });

  it('answers 402 rather than take a wallet below zero', async () => {
    const { user } = await createMember(app);
    await fund(app, user.id, 300);
    const res = await adjust(user.id, { amount: -5, reason: 'Chargeback' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      code: 'INSUFFICIENT_TOKENS',
      msg: 'The member has only 3.00 tokens, so 5.00 cannot be taken away.',
      message: 'The member has only 3.00 tokens, so 5.00 cannot be taken away.',
      details: { needed: 5, balance: 3 },
    });
    expect(await ledgerOf(app).balanceOf(user.id)).toBe(300);
  });

  it('answers 404 for an unknown member', async () => {
    const res = await adjust(randomUUID(), { amount: 1, reason: 'Goodwill' });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ amount: 0, reason: 'Goodwill' }, 'amount: Amount cannot be zero'],
    [{ amount: 1_000_000.01, reason: 'Goodwill' }, 'amount: Amount must be at most 1,000,000.00 tokens'],
    [{ amount: -1_000_000.01, reason: 'Goodwill' }, 'amount: Amount must be at least -1,000,000.00 tokens'],
    [{ amount: 12.345, reason: 'Goodwill' }, 'amount: Amount has at most two decimals'],
    [{ amount: '10 tokens', reason: 'Goodwill' }, 'amount: Amount must be a number of tokens'],
    [{ amount: 1, reason: ' x ' }, 'reason: Give a reason of at least 3 characters'],
    [{ amount: 1 }, 'reason: Invalid input: expected string, received undefined'],
    [{ amount: 1, reason: 'Goodwill', idempotencyKey: 'twice' }, 'idempotencyKey: idempotencyKey must be 8 to 255 characters'],
  ])('refuses %j with 422 and writes nothing', async (body, msg) => {
    const { user } = await createMember(app);
    const res = await adjust(user.id, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg });
    expect(Object.keys(res.body.details.fields)).toEqual([msg.split(':')[0]]);
    expect(await adjustmentsOf(user.id)).toEqual({ items: [], count: 0 });
  });
});

describe('only administrators', () => {
  it('answers 401 without a token and 403 to members and models, before reading the body', async () => {
    const { user } = await createMember(app);
    expect((await app.request('POST', `/api/admin/users/${user.id}/adjust-balance`, { body: { amount: 1 } })).status).toBe(401);
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await adjust(user.id, { amount: 1, reason: 'x' }, token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', msg: 'Only administrators can do that.', message: 'Only administrators can do that.' });
    }
    expect(await adjustmentsOf(user.id)).toEqual({ items: [], count: 0 });
  });
});

describe('the ledger check', () => {
  it('reports a healthy ledger to administrators only', async () => {
    const { user } = await createMember(app);
    await fund(app, user.id, 100);
    const res = await app.request('GET', '/api/admin/ledger/check', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true, unbalancedTransactions: [], driftedAccounts: [] } });
    expect((await app.request('GET', '/api/admin/ledger/check')).status).toBe(401);
    expect((await app.request('GET', '/api/admin/ledger/check', { token: (await createMember(app)).token })).status).toBe(403);
  });
});
