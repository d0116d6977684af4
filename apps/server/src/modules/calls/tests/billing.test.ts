import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, ledgerTransactions } from '../../../db/schema';
import type { TestApp } from '../../../test-support/harness';
import { callsApp, connectedCall, createCallableModel, createCaller, manualClock, walletOf } from './helpers';

/**
 * Server-owned billing (docs/product.md#call-billing): minute 1 at 5 s of connected time, minute k
 * at 60·(k−1)+1 s, each once through the ledger, with the model's earning and the site's 20 %.
 */
const clock = manualClock();
let app: TestApp;
beforeAll(async () => {
  app = await callsApp(clock);
});
afterAll(() => app.close());

const charge = (token: string, callId: string) => app.request('POST', `/api/masked-call/charge/${callId}`, { token });
const minuteKeys = async (callId: string) =>
  (
    await app.ctx.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `call:${callId}:%`))
  )
    .map((r) => r.key)
    .sort();

describe('per-minute billing', () => {
  it('charges nothing at 4 s, minute 1 at 5 s, minute 2 at 61 s, minute 3 at 121 s', async () => {
    const model = await createCallableModel(app, { callRate: 300 });
    const caller = await createCaller(app, 20);
    const callId = await connectedCall(app, caller, model);

    clock.seconds(4);
    expect((await charge(caller.token, callId)).body.data).toMatchObject({ minutesCharged: 0, tokensUsed: 0, balance: 20, duration: 4 });
    clock.seconds(1);
    expect((await charge(caller.token, callId)).body.data).toMatchObject({ minutesCharged: 1, tokensUsed: 3, balance: 17, duration: 5 });
    clock.seconds(55);
    expect((await charge(caller.token, callId)).body.data).toMatchObject({ minutesCharged: 1, tokensUsed: 3, balance: 17, duration: 60 });
    clock.seconds(1);
    expect((await charge(caller.token, callId)).body.data).toMatchObject({ minutesCharged: 2, tokensUsed: 6, balance: 14, duration: 61 });
    clock.seconds(60);
    expect((await charge(caller.token, callId)).body.data).toMatchObject({ minutesCharged: 3, tokensUsed: 9, balance: 11, duration: 121 });

    expect(await minuteKeys(callId)).toEqual([`call:${callId}:minute:1`, `call:${callId}:minute:2`, `call:${callId}:minute:3`]);
    // The model earns 80 % of each minute: 2.40 of 3.00.
    expect(await walletOf(app, model)).toBe(7.2);
    const rows = await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id));
    expect(rows.map((r) => [r.source, r.gross, r.commission, r.net])).toEqual([
      ['call', 300, 60, 240],
      ['call', 300, 60, 240],
      ['call', 300, 60, 240],
    ]);
    const earned = await app.request('GET', '/api/earning', { token: model.token });
    expect(earned.body.data.totals).toEqual({ gross: 9, commission: 1.8, net: 7.2 });
    expect((await app.ctx.ledger.check()).ok).toBe(true);
  });

  it('charges on its own schedule when the page never calls the charge endpoint', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const callId = await connectedCall(app, caller, model);

    clock.seconds(5);
    await app.runJob('calls.billing');
    clock.seconds(56);
    await app.runJob('calls.billing');
    await app.runJob('calls.billing');
    expect(await walletOf(app, caller)).toBe(18);
    expect(await minuteKeys(callId)).toHaveLength(2);
  });

  it('charges each minute once when the job and the charge endpoint race', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 50);
    const callId = await connectedCall(app, caller, model);
    clock.seconds(181); // minutes 1–4 are due

    await Promise.all([
      app.runJob('calls.billing'),
      charge(caller.token, callId),
      charge(caller.token, callId),
      app.runJob('calls.billing'),
      charge(caller.token, callId),
    ]);
    expect(await minuteKeys(callId)).toHaveLength(4);
    expect(await walletOf(app, caller)).toBe(46);
    const status = await app.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token });
    expect(status.body.data).toMatchObject({ minutesCharged: 4, tokensUsed: 4 });
  });

  it('ends the call with insufficient-tokens when a due minute cannot be paid, with no overdraft', async () => {
    const model = await createCallableModel(app, { callRate: 600 });
    const caller = await createCaller(app, 13);
    const callId = await connectedCall(app, caller, model);

    clock.seconds(61);
    await app.runJob('calls.billing');
    expect(await walletOf(app, caller)).toBe(1);
    clock.seconds(60);
    await app.runJob('calls.billing');

    const status = await app.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token });
    expect(status.body.data).toMatchObject({ status: 'ended', endReason: 'insufficient-tokens', minutesCharged: 2, tokensUsed: 12 });
    expect(await walletOf(app, caller)).toBe(1);
    // The page's next charge call fails with the spec's sentence, saying what was spent and what is left.
    const refused = await charge(caller.token, callId);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
      msg: 'Token is not enough. Please top-up token',
      message: 'Token is not enough. Please top-up token',
      details: { callId, balance: 1, tokensUsed: 12 },
    });
  });

  it('a charge request that finds minute 1 unpayable answers 402 with the spec sentence and ends the call', async () => {
    const model = await createCallableModel(app, { callRate: 1500 });
    const caller = await createCaller(app, 12);
    const callId = await connectedCall(app, caller, model);
    clock.seconds(5);

    const refused = await charge(caller.token, callId);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ msg: 'Token is not enough. Please top-up token', details: { balance: 12, tokensUsed: 0 } });
    const status = await app.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token });
    expect(status.body.data).toMatchObject({ status: 'ended', endReason: 'insufficient-tokens', minutesCharged: 0, tokensUsed: 0 });
    expect(await walletOf(app, caller)).toBe(12);
  });

  it('ending a call charges what is due at that instant, and a call under 5 s costs nothing', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const shortCall = await connectedCall(app, caller, model);
    clock.seconds(4);
    const ended = await app.request('POST', `/api/masked-call/end/${shortCall}`, { token: caller.token });
    expect(ended.body.data).toMatchObject({ status: 'ended', endReason: 'caller-ended', duration: 4, tokensUsed: 0 });
    expect(await walletOf(app, caller)).toBe(20);

    const longer = await connectedCall(app, caller, model);
    clock.seconds(70);
    const hung = await app.request('POST', `/api/masked-call/end/${longer}`, { token: model.token });
    expect(hung.body.data).toMatchObject({ status: 'ended', endReason: 'model-ended', duration: 70, minutesCharged: 2, tokensUsed: 2 });
    clock.seconds(60);
    await app.runJob('calls.billing');
    expect(await walletOf(app, caller)).toBe(18);
  });

  it('lets only the caller ask for a charge (the model 403, a stranger 404)', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const stranger = await createCaller(app, 0);
    const callId = await connectedCall(app, caller, model);
    expect((await charge(model.token, callId)).status).toBe(403);
    expect((await charge(stranger.token, callId)).status).toBe(404);
    expect((await charge(caller.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await charge(caller.token, 'not-an-id')).status).toBe(422);
  });
});
