import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutRequests } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, BANK, expectLedgerClean, payoutModel, requestPayout, siteBalance } from './helpers';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

type Decision = 'approve' | 'pay' | 'reject';
const decide = (id: string, decision: Decision, body?: unknown, token = admin.token) =>
  app.request('POST', `/api/admin/payout-requests/${id}/${decision}`, { token, ...(body === undefined ? {} : { body }) });

/** A model who asked for a payout of `amount` out of `tokens`; answers the model and the request's id. */
async function pendingRequest(tokens = 500, amount = 150) {
  const model = await payoutModel(app, tokens);
  const res = await requestPayout(app, model, amount);
  expect(res.status).toBe(201);
  return { model, id: res.body.data._id as string };
}

const rowOf = async (id: string) => (await app.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0]!;

describe('deciding', () => {
  it('approves, then marks paid: the held tokens leave for good, the model’s balance stays down', async () => {
    const { model, id } = await pendingRequest(500, 150);
    const [pending, paid] = [await siteBalance(app, 'payouts_pending'), await siteBalance(app, 'payouts_paid')];

    // No body at all: the decision's schema reads it as {}.
    const approved = await decide(id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ _id: id, status: 'approved', approvedAt: expect.any(String), paidAt: null, note: '' });
    expect(await siteBalance(app, 'payouts_pending')).toBe(pending);

    const settled = await decide(id, 'pay', { note: 'Sent by PayPal, ref 42' });
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({ status: 'paid', paidAt: expect.any(String), note: 'Sent by PayPal, ref 42' });
    expect(await siteBalance(app, 'payouts_pending')).toBe(pending - 150);
    expect(await siteBalance(app, 'payouts_paid')).toBe(paid + 150);
    expect(await balanceOf(app, model.user.id)).toBe(350);
    expect(await rowOf(id)).toMatchObject({ decidedBy: admin.user.id, settleTransactionId: expect.any(String), refundTransactionId: null });
    await expectLedgerClean(app);
  });

  it('rejects with a reason: the tokens come back to the model', async () => {
    const { model, id } = await pendingRequest(500, 150);
    expect(await balanceOf(app, model.user.id)).toBe(350);
    const rejected = await decide(id, 'reject', { note: 'The account holder does not match.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectedAt: expect.any(String),
      note: 'The account holder does not match.',
    });
    expect(await balanceOf(app, model.user.id)).toBe(500);
    const statement = (await app.request('GET', '/api/wallet/entries', { token: model.token })).body.data.items;
    expect(statement[0]).toMatchObject({ kind: 'payout_refund', amount: 150 });
    expect(await rowOf(id)).toMatchObject({ decidedBy: admin.user.id, refundTransactionId: expect.any(String), settleTransactionId: null });
    // The model sees the reason on her own list.
    const mine = (await app.request('GET', '/api/payout-request', { token: model.token })).body.data.items;
    expect(mine[0]).toMatchObject({ _id: id, status: 'rejected', note: 'The account holder does not match.' });
    await expectLedgerClean(app);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const { id } = await pendingRequest();
    const res = await app.request('POST', `/api/admin/payout-requests/${id}/approve`, {
      token: admin.token,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.body.data?.status]).toEqual([200, 'approved']);
  });

  it('moves each status once, answering 409 PAYOUT_ALREADY_DECIDED with the status it has', async () => {
    const { model, id } = await pendingRequest(500, 150);
    const refused = async (decision: Decision, msg: string) => {
      const res = await decide(id, decision, {});
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'PAYOUT_ALREADY_DECIDED', msg, message: msg });
    };
    await refused('pay', 'This payout request is still pending: approve it before marking it paid.');
    expect((await decide(id, 'approve', {})).status).toBe(200);
    await refused('approve', 'This payout request was already approved.');
    await refused('reject', 'This payout request was already approved.');
    expect((await decide(id, 'pay', {})).status).toBe(200);
    for (const decision of ['approve', 'pay', 'reject'] as const) await refused(decision, 'This payout request was already paid.');
    expect(await balanceOf(app, model.user.id)).toBe(350);

    const other = await pendingRequest(500, 150);
    expect((await decide(other.id, 'reject', {})).status).toBe(200);
    const again = await decide(other.id, 'reject', {});
    expect(again.body).toEqual({
      code: 'PAYOUT_ALREADY_DECIDED',
      msg: 'This payout request was already rejected.',
      message: 'This payout request was already rejected.',
    });
    expect((await decide(other.id, 'approve', {})).status).toBe(409);
    expect(await balanceOf(app, other.model.user.id)).toBe(500);
    await expectLedgerClean(app);
  });

  it('keeps an earlier note when a later decision gives none', async () => {
    const { id } = await pendingRequest();
    await decide(id, 'approve', { note: 'Checked' });
    expect((await decide(id, 'pay')).body.data.note).toBe('Checked');
  });
});

describe('two administrators clicking at once', () => {
  const ROUNDS = 6;

  it('approve and pay: each happens once, the other click gets 409', async () => {
    const other = await createAdmin(app);
    for (let round = 0; round < ROUNDS; round++) {
      const { model, id } = await pendingRequest(500, 150);
      const approvals = await Promise.all([decide(id, 'approve', {}), decide(id, 'approve', {}, other.token)]);
      expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
      const paid = await siteBalance(app, 'payouts_paid');
      const payments = await Promise.all([decide(id, 'pay', {}), decide(id, 'pay', {}, other.token)]);
      expect(payments.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(payments.find((r) => r.status === 409)!.body.code).toBe('PAYOUT_ALREADY_DECIDED');
      expect(await siteBalance(app, 'payouts_paid')).toBe(paid + 150);
      expect(await balanceOf(app, model.user.id)).toBe(350);
      await expectLedgerClean(app);
    }
  });

  it('reject: the tokens come back once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { model, id } = await pendingRequest(500, 150);
      const results = await Promise.all([decide(id, 'reject', { note: 'No' }), decide(id, 'reject', { note: 'No' })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await balanceOf(app, model.user.id)).toBe(500);
      await expectLedgerClean(app);
    }
  });

  it('approve against reject: exactly one wins, and the tokens match it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { model, id } = await pendingRequest(500, 150);
      const [approve, reject] = await Promise.all([decide(id, 'approve', {}), decide(id, 'reject', {})]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const status = (await rowOf(id)).status;
      expect(status).toBe(approve.status === 200 ? 'approved' : 'rejected');
      expect(await balanceOf(app, model.user.id)).toBe(status === 'rejected' ? 500 : 350);
      await expectLedgerClean(app);
    }
  });
});

describe('the administrators’ list', () => {
  it('lists every model’s requests newest first, by status, with whose they are and where to pay them', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createAdmin(fresh);
      const paypal = await payoutModel(fresh, 1_000);
      const bank = await payoutModel(fresh, 1_000, { account: BANK });
      const ids: string[] = [];
      for (const [model, amount] of [
        [paypal, 100],
        [bank, 200],
        [paypal, 300],
      ] as const)
        ids.push((await requestPayout(fresh, model, amount)).body.data._id);
      await fresh.request('POST', `/api/admin/payout-requests/${ids[1]}/approve`, { token: boss.token });

      const all = (await fresh.request('GET', '/api/admin/payout-requests', { token: boss.token })).body.data;
      expect(all.count).toBe(3);
      expect(all.items.map((r: { token: number }) => r.token)).toEqual([300, 200, 100]);
      expect(all.items[1]).toMatchObject({
        status: 'approved',
        model: { _id: bank.user.id, username: bank.user.username, name: bank.user.name, email: bank.user.email },
        payoutAccount: { type: 'bank_transfer', email: null, bankInfo: { iban: '•••• 3000', beneficiaryName: 'Jane Doe' } },
      });
      // Administrators pay from the details, so they alone read them in full.
      expect(all.items[1].payTo).toMatchObject({
        type: 'bank_transfer',
        bankInfo: { iban: 'DE89370400440532013000', beneficiaryName: 'Jane Doe' },
      });
      expect(all.items[0].payTo).toMatchObject({ type: 'paypal', email: expect.stringMatching(/@/) });
      expect(all.items[0].payTo.email).not.toContain('•');

      const pending = (await fresh.request('GET', '/api/admin/payout-requests?status=pending&limit=1', { token: boss.token })).body.data;
      expect(pending).toMatchObject({ count: 2, items: [{ _id: ids[2], status: 'pending' }] });
      const blank = (await fresh.request('GET', '/api/admin/payout-requests?status=', { token: boss.token })).body.data;
      expect(blank.count).toBe(3);
    } finally {
      await fresh.close();
    }
  });
});

describe('who may decide', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const adminRoutes: [string, string][] = [
    ['GET', '/api/admin/payout-requests'],
    ['POST', `/api/admin/payout-requests/${someId}/approve`],
    ['POST', `/api/admin/payout-requests/${someId}/pay`],
    ['POST', `/api/admin/payout-requests/${someId}/reject`],
  ];

  it.each(adminRoutes)('%s %s: 401 without a session, 403 for a member or a model', async (method, url) => {
    expect((await app.request(method, url, method === 'POST' ? { body: {} } : {})).status).toBe(401);
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await app.request(method, url, { token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('a model cannot decide her own request, and it stays pending', async () => {
    const { model, id } = await pendingRequest();
    for (const decision of ['approve', 'pay', 'reject'] as const) expect((await decide(id, decision, {}, model.token)).status).toBe(403);
    expect((await rowOf(id)).status).toBe('pending');
    expect(await balanceOf(app, model.user.id)).toBe(350);
  });

  it('answers 404 for a request that does not exist', async () => {
    for (const decision of ['approve', 'pay', 'reject'] as const) {
      const res = await decide(someId, decision, {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'NOT_FOUND',
        msg: 'That payout request does not exist.',
        message: 'That payout request does not exist.',
      });
    }
  });
});

describe('bad input', () => {
  it('refuses an id that is not one, a bad status filter and a bad page with 422 naming the field', async () => {
    const bad = await decide('not-an-id', 'approve', {});
    expect([bad.status, Object.keys(bad.body.details.fields)]).toEqual([422, ['id']]);
    const nul = await decide('00000000-0000-4000-8000-00000000000%00', 'approve', {});
    expect(nul.status).toBe(422);
    const status = await app.request('GET', '/api/admin/payout-requests?status=lost', { token: admin.token });
    expect([status.status, Object.keys(status.body.details.fields)]).toEqual([422, ['status']]);
    const limit = await app.request('GET', '/api/admin/payout-requests?limit=1000', { token: admin.token });
    expect([limit.status, Object.keys(limit.body.details.fields)]).toEqual([422, ['limit']]);
  });

  const notes: [string, unknown][] = [
    ['a huge note', { note: 'x'.repeat(100_000) }],
    ['a note over 500 characters', { note: 'x'.repeat(501) }],
    ['a note as nested junk', { note: { $set: { status: 'paid' } } }],
    ['a note as a list', { note: ['a', 'b'] }],
    ['a note with a NUL byte', { note: 'bad\u0000data' }],
  ];

  it.each(notes)('refuses %s with 422 on note, and the request stays pending with its tokens held', async (_what, body) => {
    const { model, id } = await pendingRequest();
    for (const decision of ['approve', 'reject'] as const) {
      const res = await decide(id, decision, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.details.fields)).toEqual(['note']);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'pending', note: '', decidedBy: null, approvedAt: null, rejectedAt: null });
    expect(await balanceOf(app, model.user.id)).toBe(350);
  });

  const references: [string, unknown][] = [
    ['a reference over 120 characters', { reference: 'x'.repeat(121) }],
    ['a reference as nested junk', { reference: { $ne: '' } }],
    ['a reference with a NUL byte', { reference: 'PP\u000042' }],
  ];

  it.each(references)('refuses %s with 422 on reference, and the request stays approved, unpaid', async (_what, body) => {
    const { id } = await pendingRequest();
    expect((await decide(id, 'approve', {})).status).toBe(200);
    const res = await decide(id, 'pay', body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toEqual(['reference']);
    expect(await rowOf(id)).toMatchObject({ status: 'approved', reference: '', paidAt: null, settleTransactionId: null });
  });
});
