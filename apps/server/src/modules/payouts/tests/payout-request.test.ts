import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../../db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { balanceOf, expectLedgerClean, freshCode, payoutModel, payoutTraces, requestPayout, siteBalance } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Model = Awaited<ReturnType<typeof payoutModel>>;
const send = (model: Model, body: unknown) => app.request('POST', '/api/payout-request', { token: model.token, body });

/** After a refusal: the balance as it was, no request, no ledger movement. */
async function expectNothingWritten(model: Model, tokens: number) {
  expect(await balanceOf(app, model.user.id)).toBe(tokens);
  expect(await payoutTraces(app, model.user.id)).toEqual({ requests: 0, holds: 0 });
  expect((await app.request('GET', '/api/payout-request', { token: model.token })).body.data).toEqual({ items: [], count: 0 });
}

describe('requesting a payout', () => {
  it('with the code mailed by POST /users/otp/: the tokens leave the balance at once and the request waits, pending', async () => {
    const model = await payoutModel(app, 500);
    const pendingBefore = await siteBalance(app, 'payouts_pending');
    // Asked for with what it will confirm, the code's mail names the payout and its money.
    const ask = await app.request('POST', '/api/users/otp/', { token: model.token, body: { purpose: 'payout', token: 150 } });
    expect(ask.status).toBe(200);
    const mail = (await app.outbox()).filter((m) => m.to === model.user.email).at(-1)!;
    // 150 tokens at the default 8 cents a token.
    expect(mail.text).toContain('enter this code to confirm your payout request of 150.00 tokens ($12.00). It is valid for 10 minutes.');
    const verifyCode = await latestCode(app, model.user.email);

    const res = await send(model, { token: 150, verifyCode, email: model.user.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      modelId: model.user.id,
      model: { _id: model.user.id, username: model.user.username, name: model.user.name },
      token: 150,
      status: 'pending',
      payoutAccount: { type: 'paypal', email: 'j•••@example.com', bankInfo: null },
      amountCents: 1200,
      amount: 12,
      payoutRateCents: 8,
      reference: '',
      note: '',
      createdAt: expect.any(String),
      approvedAt: null,
      paidAt: null,
      rejectedAt: null,
    });
    expect(await balanceOf(app, model.user.id)).toBe(350);
    expect(await siteBalance(app, 'payouts_pending')).toBe(pendingBefore + 150);
    // The statement says where the tokens went.
    const statement = (await app.request('GET', '/api/wallet/entries', { token: model.token })).body.data;
    expect(statement.items[0]).toMatchObject({ kind: 'payout', amount: -150 });
    await expectLedgerClean(app);
  });

  it('lists her own requests, newest first, and nobody else’s', async () => {
    const model = await payoutModel(app, 1_000);
    const other = await payoutModel(app, 1_000);
    for (const amount of [100, 200.5, 300]) expect((await requestPayout(app, model, amount)).status).toBe(201);
    expect((await requestPayout(app, other, 400)).status).toBe(201);

    const list = (await app.request('GET', '/api/payout-request', { token: model.token })).body.data;
    expect(list.count).toBe(3);
    expect(list.items.map((r: { token: number }) => r.token)).toEqual([300, 200.5, 100]);
    // Her own answers show the account masked; only administrators read where to pay in full.
    expect(list.items.every((r: object) => !('payTo' in r))).toBe(true);
    expect(list.items[0].payoutAccount.email).toMatch(/^.•••@/);
    const page = (await app.request('GET', '/api/payout-request?limit=1&skip=1', { token: model.token })).body.data;
    expect(page).toMatchObject({ count: 3, items: [{ token: 200.5 }] });
    expect(await balanceOf(app, model.user.id)).toBe(399.5);
  });

  it('keeps the payout rate of the moment it was asked: a later change alters no money already promised', async () => {
    const model = await payoutModel(app, 1_000);
    await app.ctx.settings.update({ payoutRateCents: 7 });
    try {
      // 123.45 tokens at 7 cents is 864.15 cents: rounded down, never promising a fraction of a cent.
      const asked = await requestPayout(app, model, 123.45);
      expect(asked.body.data).toMatchObject({ amountCents: 864, amount: 8.64, payoutRateCents: 7 });
      await app.ctx.settings.update({ payoutRateCents: 20 });
      const [mine] = (await app.request('GET', '/api/payout-request', { token: model.token })).body.data.items;
      expect(mine).toMatchObject({ _id: asked.body.data._id, amountCents: 864, payoutRateCents: 7 });
      const admin = await createAdmin(app);
      const listed = (await app.request('GET', '/api/admin/payout-requests', { token: admin.token })).body.data.items;
      expect(listed.find((r: { _id: string }) => r._id === asked.body.data._id)).toMatchObject({ amountCents: 864, amount: 8.64 });
    } finally {
      await app.ctx.settings.update({ payoutRateCents: 8 });
    }
  });

  it('lets a request take the whole balance, to the hundredth', async () => {
    const model = await payoutModel(app, 123.45);
    expect((await requestPayout(app, model, 123.45)).status).toBe(201);
    expect(await balanceOf(app, model.user.id)).toBe(0);
  });

  it('snapshots the account: a later change does not change where an earlier request goes', async () => {
    const model = await payoutModel(app, 500);
    expect((await requestPayout(app, model, 100)).status).toBe(201);
    await app.request('POST', '/api/payout-account/', {
      token: model.token,
      body: { type: 'bank_transfer', bankInfo: { beneficiaryName: 'Jane', bankName: 'Bank', iban: 'NL91ABNA0417164300' } },
    });
    expect((await requestPayout(app, model, 100)).status).toBe(201);
    const [latest, first] = (await app.request('GET', '/api/payout-request', { token: model.token })).body.data.items;
    expect(first.payoutAccount).toEqual({ type: 'paypal', email: 'j•••@example.com', bankInfo: null });
    expect(latest.payoutAccount).toMatchObject({ type: 'bank_transfer', bankInfo: { iban: '•••• 4300' } });
  });
});

describe('refusals, each leaving nothing written', () => {
  it('without a payout account: 409 NO_PAYOUT_ACCOUNT saying to add one', async () => {
    const model = await payoutModel(app, 500, { account: null });
    const res = await requestPayout(app, model, 150);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'NO_PAYOUT_ACCOUNT',
      msg: 'Add a payout account (bank transfer or PayPal) before you request a payout.',
      message: 'Add a payout account (bank transfer or PayPal) before you request a payout.',
    });
    await expectNothingWritten(model, 500);
  });

  it('below the minimum: 422 BELOW_MINIMUM saying the minimum in tokens (default 100, then as set)', async () => {
    const model = await payoutModel(app, 500);
    const low = await requestPayout(app, model, 99.99);
    expect(low.status).toBe(422);
    expect(low.body).toEqual({
      code: 'BELOW_MINIMUM',
      msg: 'The smallest payout is 100.00 tokens ($8.00).',
      message: 'The smallest payout is 100.00 tokens ($8.00).',
      details: { fields: { token: 'The smallest payout is 100.00 tokens ($8.00).' } },
    });
    await app.ctx.settings.update({ minPayoutTokens: 25_050 });
    try {
      const res = await requestPayout(app, model, 250);
      // 250.50 tokens at 8 cents is $20.04.
      expect([res.status, res.body.msg]).toEqual([422, 'The smallest payout is 250.50 tokens ($20.04).']);
      await expectNothingWritten(model, 500);
    } finally {
      await app.ctx.settings.update({ minPayoutTokens: 10_000 });
    }
  });

  it('above the balance: 422 on token saying the balance', async () => {
    const model = await payoutModel(app, 150.25);
    const res = await requestPayout(app, model, 150.26);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      msg: 'You have 150.25 tokens, so you cannot request more than that.',
      message: 'You have 150.25 tokens, so you cannot request more than that.',
      details: { fields: { token: 'You have 150.25 tokens, so you cannot request more than that.' } },
    });
    await expectNothingWritten(model, 150.25);
  });

  it('when the balance fell after it was read (a race), the ledger’s guard refuses: the same 422, nothing written', async () => {
    const model = await payoutModel(app, 100);
    const ledger = app.ctx.ledger;
    const real = ledger.balanceOf;
    // The first read answers what the balance was a moment ago; the wallet itself holds 100.
    let stale = true;
    ledger.balanceOf = async (userId, tx) => (stale ? ((stale = false), 1_000_000) : real(userId, tx));
    try {
      const res = await requestPayout(app, model, 150);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg: 'You have 100.00 tokens, so you cannot request more than that.' });
    } finally {
      ledger.balanceOf = real;
    }
    await expectNothingWritten(model, 100);
    await expectLedgerClean(app);
  });

  it('with an e-mail that is not the account’s own: 422 on email', async () => {
    const model = await payoutModel(app, 500);
    const verifyCode = await freshCode(app, model.user.id);
    const res = await send(model, { token: 150, verifyCode, email: 'someone.else@example.test' });
    expect(res.status).toBe(422);
    expect(res.body.details.fields).toEqual({ email: 'That is not the e-mail address of your account.' });
    await expectNothingWritten(model, 500);
    // The code was not spent on the refused request.
    expect((await send(model, { token: 150, verifyCode })).status).toBe(201);
  });

  it('with a wrong code: 422 INVALID_CODE, and each wrong try counts', async () => {
    const model = await payoutModel(app, 500);
    const right = await freshCode(app, model.user.id);
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await send(model, { token: 150, verifyCode: wrong });
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'INVALID_CODE', msg: 'That code is not right. 4 tries left.' });
    expect((await send(model, { token: 150, verifyCode: wrong })).body.msg).toBe('That code is not right. 3 tries left.');
    await expectNothingWritten(model, 500);
  });

  it('with a code already used: 422 INVALID_CODE', async () => {
    const model = await payoutModel(app, 500);
    const verifyCode = await freshCode(app, model.user.id);
    expect((await send(model, { token: 150, verifyCode })).status).toBe(201);
    const again = await send(model, { token: 150, verifyCode });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_CODE');
    expect(await balanceOf(app, model.user.id)).toBe(350);
    expect(await payoutTraces(app, model.user.id)).toEqual({ requests: 1, holds: 1 });
  });

  it('with an expired code: 422 INVALID_CODE saying it expired', async () => {
    const model = await payoutModel(app, 500);
    const verifyCode = await freshCode(app, model.user.id);
    await app.ctx.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, model.user.id), eq(verificationCodes.purpose, 'account')));
    const res = await send(model, { token: 150, verifyCode });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'INVALID_CODE', msg: 'That code has expired. Ask for a new code.' });
    await expectNothingWritten(model, 500);
  });

  it('without ever asking for a code: 422 INVALID_CODE', async () => {
    const model = await payoutModel(app, 500);
    const res = await send(model, { token: 150, verifyCode: '123456' });
    expect([res.status, res.body.code]).toEqual([422, 'INVALID_CODE']);
    await expectNothingWritten(model, 500);
  });
});

describe('who may request', () => {
  it('answers 401 without a session', async () => {
    expect((await app.request('GET', '/api/payout-request')).status).toBe(401);
    expect((await app.request('POST', '/api/payout-request', { body: { token: 150, verifyCode: '123456' } })).status).toBe(401);
  });

  it('answers 403 NOT_A_MODEL to members and administrators', async () => {
    for (const member of [await createMember(app), await createAdmin(app)]) {
      await giveTokens(app, member.user.id, 500);
      const verifyCode = await freshCode(app, member.user.id);
      const res = await app.request('POST', '/api/payout-request', { token: member.token, body: { token: 150, verifyCode } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'NOT_A_MODEL',
        msg: 'Only models can request payouts.',
        message: 'Only models can request payouts.',
      });
      expect((await app.request('GET', '/api/payout-request', { token: member.token })).status).toBe(403);
      expect(await balanceOf(app, member.user.id)).toBe(500);
    }
  });

  it('answers 403 NOT_A_MODEL to a model not approved yet', async () => {
    const model = await createModel(app, { modelStatus: 'pending' });
    await giveTokens(app, model.user.id, 500);
    await app.request('POST', '/api/payout-account/', { token: model.token, body: { type: 'paypal', email: 'a@b.example' } });
    const res = await requestPayout(app, model, 150);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'NOT_A_MODEL',
      msg: 'Your profile must be approved before you can request a payout.',
      message: 'Your profile must be approved before you can request a payout.',
    });
    await expectNothingWritten(model, 500);
  });
});

describe('bad input', () => {
  const refusals: [string, unknown, string][] = [
    ['no amount', { verifyCode: '123456' }, 'token'],
    ['an amount with three decimals', { token: 150.123, verifyCode: '123456' }, 'token'],
    ['a negative amount', { token: -150, verifyCode: '123456' }, 'token'],
    ['zero', { token: 0, verifyCode: '123456' }, 'token'],
    ['an amount as text that is not a number', { token: '150 tokens', verifyCode: '123456' }, 'token'],
    ['an amount as nested junk', { token: { $gt: 0 }, verifyCode: '123456' }, 'token'],
    ['a huge amount', { token: 1e300, verifyCode: '123456' }, 'token'],
    ['no code', { token: 150 }, 'verifyCode'],
    ['a code that is not 6 digits', { token: 150, verifyCode: '12345' }, 'verifyCode'],
    ['a code with a NUL byte', { token: 150, verifyCode: '123\u0000456' }, 'verifyCode'],
    ['a huge code', { token: 150, verifyCode: '1'.repeat(100_000) }, 'verifyCode'],
    ['a code as nested junk', { token: 150, verifyCode: ['123456'] }, 'verifyCode'],
    ['a huge e-mail', { token: 150, verifyCode: '123456', email: `${'a'.repeat(100_000)}@x.example` }, 'email'],
  ];

  it.each(refusals)('refuses %s with 422 naming the field, writing nothing and spending no code', async (_what, body, field) => {
    const model = await payoutModel(app, 500);
    const verifyCode = await freshCode(app, model.user.id);
    const res = await send(model, body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toContain(field);
    await expectNothingWritten(model, 500);
    expect((await send(model, { token: 100, verifyCode })).status).toBe(201);
  });

  it('refuses more than one movement may carry (1,000,000.00 tokens) before using the code', async () => {
    const model = await payoutModel(app, 0);
    await giveTokens(app, model.user.id, 1_000_000);
    await giveTokens(app, model.user.id, 1);
    const verifyCode = await freshCode(app, model.user.id);
    const res = await send(model, { token: 1_000_000.01, verifyCode });
    expect([res.status, res.body.details.fields.token]).toEqual([422, 'A payout is at most 1,000,000.00 tokens.']);
    expect((await send(model, { token: 1_000_000, verifyCode })).status).toBe(201);
  });
});
