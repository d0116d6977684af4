import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payoutRequests } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, expectLedgerClean, payoutModel, requestPayout } from './helpers';
import { auditTrail } from '../../../test-support/audit';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

type Decision = 'approve' | 'pay' | 'reject';
const decide = (id: string, decision: Decision, body: unknown = {}) =>
  app.request('POST', `/api/admin/payout-requests/${id}/${decision}`, { token: admin.token, body });

/** A model who asked for 150 of her 500 tokens; answers the model and the request's id. */
async function pendingRequest() {
  const model = await payoutModel(app, 500);
  const res = await requestPayout(app, model, 150);
  expect(res.status).toBe(201);
  return { model, id: res.body.data._id as string };
}

/** One target's audit trail, newest first, as an administrator reads it. */
const trail = (targetId: string) => auditTrail(app, admin.token, targetId);

const byAdmin = (action: string, id: string) => ({
  action,
  actorId: admin.user.id,
  actorEmail: admin.user.email,
  targetType: 'payout-request',
  targetId: id,
  ip: expect.any(String),
});

// 150 tokens, in hundredths as the request and the ledger store them.
const AMOUNT = 15_000;
/** 150 tokens at the default 8 cents a token. */
const CENTS = 1_200;

describe('each decision leaves one row with what it changed', () => {
  it('approve, then pay with a note and the transfer reference', async () => {
    const { id } = await pendingRequest();
    const approved = await decide(id, 'approve');
    expect(approved.status).toBe(200);
    const [approveRow] = await trail(id);
    expect(approveRow).toMatchObject(byAdmin('payout.approve', id));
    expect(approveRow!.before).toEqual({ status: 'pending', approvedAt: null, amount: AMOUNT, amountCents: CENTS });
    expect(approveRow!.after).toEqual({
      status: 'approved',
      approvedAt: approved.body.data.approvedAt,
      amount: AMOUNT,
      amountCents: CENTS,
    });

    const paid = await decide(id, 'pay', { note: 'Sent by PayPal', reference: '  PP-42  ' });
    expect(paid.body.data.reference).toBe('PP-42');
    expect(paid.status).toBe(200);
    const rows = await trail(id);
    expect(rows.map((r) => r.action)).toEqual(['payout.pay', 'payout.approve']);
    const { settleTransactionId } = (await app.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0]!;
    expect(rows[0]).toMatchObject(byAdmin('payout.pay', id));
    expect(rows[0]!.before).toEqual({
      status: 'approved',
      note: '',
      reference: '',
      paidAt: null,
      settleTransactionId: null,
      amount: AMOUNT,
      amountCents: CENTS,
    });
    expect(rows[0]!.after).toEqual({
      status: 'paid',
      note: 'Sent by PayPal',
      reference: 'PP-42',
      paidAt: paid.body.data.paidAt,
      settleTransactionId,
      amount: AMOUNT,
      amountCents: CENTS,
    });
  });

  it('reject: the reason and the refund', async () => {
    const { id } = await pendingRequest();
    const rejected = await decide(id, 'reject', { note: 'The account holder does not match.' });
    expect(rejected.status).toBe(200);
    const [row, ...rest] = await trail(id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      ...byAdmin('payout.reject', id),
      before: { status: 'pending', note: '', rejectedAt: null, refundTransactionId: null, amount: AMOUNT, amountCents: CENTS },
      after: {
        status: 'rejected',
        note: 'The account holder does not match.',
        rejectedAt: rejected.body.data.rejectedAt,
        refundTransactionId: expect.any(String),
        amount: AMOUNT,
        amountCents: CENTS,
      },
    });
  });
});

describe('a refused or failed decision leaves no row', () => {
  it('paying a pending request, deciding twice, or deciding on a missing request', async () => {
    const { id } = await pendingRequest();
    expect((await decide(id, 'pay')).status).toBe(409);
    expect(await trail(id)).toEqual([]);

    expect((await decide(id, 'approve')).status).toBe(200);
    expect((await decide(id, 'approve')).status).toBe(409);
    expect((await decide(id, 'reject')).status).toBe(409);
    expect((await trail(id)).map((r) => r.action)).toEqual(['payout.approve']);

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await decide(missing, 'approve')).status).toBe(404);
    expect(await trail(missing)).toEqual([]);
  });

  it('a decision whose audit row cannot be written does not happen, tokens included', async () => {
    const { model, id } = await pendingRequest();
    vi.spyOn(app.ctx.audit, 'record').mockRejectedValue(new Error('audit down'));
    expect((await decide(id, 'reject', { note: 'No' })).status).toBe(500);
    vi.restoreAllMocks();

    const [row] = await app.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    expect(row).toMatchObject({ status: 'pending', note: '', rejectedAt: null, refundTransactionId: null });
    expect(await balanceOf(app, model.user.id)).toBe(350);
    expect(await trail(id)).toEqual([]);
    await expectLedgerClean(app);
  });
});
