import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { callsApp, connectedCall, createCallableModel, createCaller, manualClock, placeCall, walletOf } from './helpers';

/**
 * A call's life (docs/product.md#calls): initiated → ringing → connected → ended, or declined /
 * missed. Each move is one compare-and-set, so racing requests move it once.
 */
const clock = manualClock();
let app: TestApp;
beforeAll(async () => {
  app = await callsApp(clock);
});
afterAll(() => app.close());

const act = (action: 'accept' | 'decline' | 'end', token: string, callId: string) =>
  app.request('POST', `/api/masked-call/${action}/${callId}`, { token });
const statusOf = async (token: string, callId: string) =>
  (await app.request('GET', `/api/masked-call/status/${callId}`, { token })).body.data;

describe('who may act on a call', () => {
  it('lets only the model accept or decline; a stranger sees nothing (404)', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const stranger = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);

    expect((await act('accept', caller.token, callId)).status).toBe(403);
    expect((await act('decline', caller.token, callId)).status).toBe(403);
    for (const action of ['accept', 'decline', 'end'] as const) expect((await act(action, stranger.token, callId)).status).toBe(404);
    expect((await app.request('GET', `/api/masked-call/status/${callId}`, { token: stranger.token })).status).toBe(404);
    expect((await app.request('GET', `/api/masked-call/status/${callId}`)).status).toBe(401);
    expect((await app.request('GET', '/api/masked-call/status/00000000-0000-4000-8000-000000000000', { token: caller.token })).status).toBe(
      404,
    );
    expect((await app.request('GET', '/api/masked-call/status/a%00b', { token: caller.token })).status).toBe(422);

    const accepted = await act('accept', model.token, callId);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'connected', direction: 'incoming', otherParty: { _id: caller.user.id } });
  });

  it('declines: the call is declined and costs nothing; accepting afterwards is 409', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    const declined = await act('decline', model.token, callId);
    expect(declined.body.data).toMatchObject({ status: 'declined', endReason: 'declined', tokensUsed: 0 });
    const late = await act('accept', model.token, callId);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('This call is no longer ringing.');
    expect(await walletOf(app, caller)).toBe(20);
  });

  it('lets the caller cancel a ringing call, and frees both for the next call', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    expect((await act('end', caller.token, callId)).body.data).toMatchObject({ status: 'ended', endReason: 'caller-cancelled' });
    await placeCall(app, caller, model);
  });
});

describe('races move a call once', () => {
  it('two accepts: one connects, the other is 409', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    const answers = await Promise.all([act('accept', model.token, callId), act('accept', model.token, callId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('accept against decline: exactly one wins', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    const answers = await Promise.all([act('accept', model.token, callId), act('decline', model.token, callId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(['connected', 'declined']).toContain((await statusOf(caller.token, callId)).status);
  });

  it('end twice (both parties at once): ends once, charged once', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const callId = await connectedCall(app, caller, model);
    clock.seconds(30);
    const answers = await Promise.all([
      act('end', caller.token, callId),
      act('end', model.token, callId),
      act('end', caller.token, callId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const final = await statusOf(caller.token, callId);
    expect(final).toMatchObject({ status: 'ended', duration: 30, minutesCharged: 1, tokensUsed: 1 });
    expect(['caller-ended', 'model-ended']).toContain(final.endReason);
    expect(await walletOf(app, caller)).toBe(19);
  });

  it('after 30 s of ringing the call is missed: a late accept is 409, the model gets a missed-call notification', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    clock.seconds(29);
    await app.runJob('calls.timeouts');
    expect((await statusOf(caller.token, callId)).status).toBe('ringing');

    clock.seconds(1);
    const [late] = await Promise.all([act('accept', model.token, callId), app.runJob('calls.timeouts')]);
    expect(late.status).toBe(409);
    expect(await statusOf(caller.token, callId)).toMatchObject({ status: 'missed', endReason: 'no-answer', tokensUsed: 0 });

    await expect
      .poll(async () => (await app.request('GET', '/api/notifications', { token: model.token })).body.data.items)
      .toEqual([expect.objectContaining({ type: 'call', text: `You missed a call from ${caller.user.name}`, link: '/calls' })]);
    await app.runJob('calls.timeouts');
    const again = await app.request('GET', '/api/notifications', { token: model.token });
    expect(again.body.data.count).toBe(1);
  });
});

describe('the ring time is a site setting (callRingSeconds)', () => {
  const setRing = async (seconds: number) => {
    const admin = await createAdmin(app);
    const res = await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { callRingSeconds: seconds } });
    expect(res.status).toBe(200);
  };

  it('a call rings for the set seconds, then is missed', async () => {
    await setRing(12);
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = await placeCall(app, caller, model);
    clock.seconds(11);
    await app.runJob('calls.timeouts');
    expect((await statusOf(caller.token, callId)).status).toBe('ringing');

    clock.seconds(1);
    await app.runJob('calls.timeouts');
    expect(await statusOf(caller.token, callId)).toMatchObject({ status: 'missed', endReason: 'no-answer' });
    expect((await act('accept', model.token, callId)).status).toBe(409);
  });

  it('a change applies to calls placed afterwards; a call already ringing keeps its time', async () => {
    await setRing(60);
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const longCall = await placeCall(app, caller, model);
    await setRing(10);
    const otherModel = await createCallableModel(app);
    const otherCaller = await createCaller(app, 20);
    const shortCall = await placeCall(app, otherCaller, otherModel);

    clock.seconds(30);
    await app.runJob('calls.timeouts');
    expect((await statusOf(otherCaller.token, shortCall)).status).toBe('missed');
    expect((await statusOf(caller.token, longCall)).status).toBe('ringing');
    // Answered within its own 60 s, the first call connects.
    expect((await act('accept', model.token, longCall)).body.data).toMatchObject({ status: 'connected' });
    await act('end', caller.token, longCall);
    await setRing(30);
  });
});
