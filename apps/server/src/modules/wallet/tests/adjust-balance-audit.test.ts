import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, ledgerOf } from './helpers';
import { auditTrail } from '../../../test-support/audit';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

/** `amount` in tokens, as on the wire. */
const adjust = (userId: string, body: Record<string, unknown>) =>
  app.request('POST', `/api/admin/users/${userId}/adjust-balance`, { token: admin.token, body: { idempotencyKey: randomUUID(), ...body } });

/** One target's audit trail, newest first, as an administrator reads it. */
const trail = (targetId: string) => auditTrail(app, admin.token, targetId);

const byAdmin = (userId: string) => ({
  action: 'balance.adjust',
  actorId: admin.user.id,
  actorEmail: admin.user.email,
  targetType: 'member',
  targetId: userId,
  ip: expect.any(String),
});

/** The ledger transaction ids of a member's statement, newest first. */
const transactionIds = async (userId: string) =>
  (await ledgerOf(app).statement({ userId, limit: 100, skip: 0 })).items.map((entry) => entry.transactionId);

describe('each adjustment leaves one row', () => {
  it('with the balance before and after in hundredths of a token (as stored), the reason and the ledger transaction', async () => {
    const { user } = await createMember(app);
    expect((await adjust(user.id, { amount: 25, reason: 'Compensation for a failed call' })).body).toEqual({ data: { balance: 25 } });
    expect((await adjust(user.id, { amount: -10.5, reason: 'Duplicate compensation' })).body).toEqual({ data: { balance: 14.5 } });

    const [removed, added, ...rest] = await trail(user.id);
    expect(rest).toEqual([]);
    const [removedTx, addedTx] = await transactionIds(user.id);
    // 25 tokens are 2,500 hundredths; 10.50 tokens are 1,050.
    expect(added).toMatchObject({
      ...byAdmin(user.id),
      before: { balance: 0 },
      after: { balance: 2_500, reason: 'Compensation for a failed call', transactionId: addedTx },
    });
    expect(removed).toMatchObject({
      ...byAdmin(user.id),
      before: { balance: 2_500 },
      after: { balance: 1_450, reason: 'Duplicate compensation', transactionId: removedTx },
    });
  });

  it('once for a replayed adjustment (same idempotency key)', async () => {
    const { user } = await createMember(app);
    await fund(app, user.id, 1_000);
    const idempotencyKey = randomUUID();
    expect((await adjust(user.id, { amount: 7, reason: 'Goodwill', idempotencyKey })).status).toBe(200);
    const again = await adjust(user.id, { amount: 7, reason: 'Goodwill', idempotencyKey });
    expect(again.body).toEqual({ data: { balance: 17 } });

    const rows = await trail(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...byAdmin(user.id), before: { balance: 1_000 }, after: { balance: 1_700, reason: 'Goodwill' } });
  });
});

describe('a refused or failed adjustment leaves no row', () => {
  it('an overdraft (402), a bad body (422) or an unknown member (404)', async () => {
    const { user } = await createMember(app);
    await fund(app, user.id, 300);
    expect((await adjust(user.id, { amount: -5, reason: 'Chargeback' })).status).toBe(402);
    expect((await adjust(user.id, { amount: 0, reason: 'Goodwill' })).status).toBe(422);
    expect((await adjust(user.id, { amount: 1, reason: 'x' })).status).toBe(422);
    expect(await trail(user.id)).toEqual([]);
    expect(await ledgerOf(app).balanceOf(user.id)).toBe(300);

    const missing = randomUUID();
    expect((await adjust(missing, { amount: 1, reason: 'Goodwill' })).status).toBe(404);
    expect(await trail(missing)).toEqual([]);
  });

  it('an adjustment whose row cannot be written does not happen, and its key stays unused', async () => {
    const { user } = await createMember(app);
    await fund(app, user.id, 300);
    const idempotencyKey = randomUUID();
    vi.spyOn(app.ctx.audit, 'record').mockRejectedValueOnce(new Error('audit down'));
    expect((await adjust(user.id, { amount: 2, reason: 'Goodwill', idempotencyKey })).status).toBe(500);
    expect(await ledgerOf(app).balanceOf(user.id)).toBe(300);
    expect(await transactionIds(user.id)).toHaveLength(1);
    expect(await trail(user.id)).toEqual([]);
    expect((await ledgerOf(app).check()).ok).toBe(true);

    // The retry is a first adjustment, not a replay of one that never happened.
    expect((await adjust(user.id, { amount: 2, reason: 'Goodwill', idempotencyKey })).body).toEqual({ data: { balance: 5 } });
    expect(await trail(user.id)).toMatchObject([{ ...byAdmin(user.id), before: { balance: 300 }, after: { balance: 500 } }]);
  });
});
