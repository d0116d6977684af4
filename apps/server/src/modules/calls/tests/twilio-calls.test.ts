import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema';
import { readTwiml, startFakeTwilio, type FakeCallback, type FakeTwilio } from '../../../test-support/fake-twilio';
import type { TestApp } from '../../../test-support/harness';
import { socketServer } from '../../../test-support/sockets';
import { CALL_JOBS } from '..';
import { callsApp, createCallableModel, createCaller, eventually, manualClock, placeCall, recorder, walletOf } from './helpers';

/**
 * Calls through the `twilio` provider against a local Twilio (test-support/fake-twilio), which rings
 * the model's "phone", connects the member's "browser" to the TwiML app and posts signed callbacks
 * to the app over real HTTP. The app tells Twilio it lives at PUBLIC_URL; the fake reaches it on
 * loopback, as Twilio reaches a server behind a proxy, and signs the public URL.
 */
const PUBLIC_URL = 'https://calls.example.test';
const MODEL_PHONE = '+14155550123';
const clock = manualClock();
let fake: FakeTwilio;
let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
let appUrl: string;

beforeAll(async () => {
  fake = await startFakeTwilio();
  app = await callsApp(clock, { config: { publicUrl: PUBLIC_URL, voice: { provider: 'twilio', twilio: fake.config } } });
  sockets = await socketServer(app);
  appUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  fake.connectApp({ publicUrl: PUBLIC_URL, appUrl });
});
afterAll(async () => {
  sockets.closeAll();
  // The app hangs up finished calls in the background; let that and its callbacks finish first.
  await fake.quiet();
  await app.close();
  await fake.close();
});

type Member = Awaited<ReturnType<typeof createCaller>>;

/** A caller with a live socket and a phone-answering model; the call is placed and the phone rings. */
async function ringingCall(opts: { tokens?: number; rate?: number } = {}) {
  const model = await createCallableModel(app, { callRate: opts.rate ?? 300, phoneNumber: MODEL_PHONE });
  const caller = await createCaller(app, opts.tokens ?? 20);
  const callerHears = recorder(await sockets.connected(caller.token));
  const modelHears = recorder(await sockets.connected(model.token));
  const answers: unknown[] = [];
  const callId = await placeCall(app, caller, model);
  const leg = fake.modelLegFor(callId);
  expect(leg, 'Twilio was asked to ring the model').toBeDefined();
  await fake.ring(leg!.sid);
  return { model, caller, callId, modelLeg: leg!, callerHears, modelHears, answers };
}

const statusOf = async (member: Member, callId: string) =>
  (await app.request('GET', `/api/masked-call/status/${callId}`, { token: member.token })).body.data;
const identityOf = async (member: Member) =>
  (await app.request('GET', '/api/call/webrtc/token', { token: member.token })).body.data.identity as string;
const minuteKeys = async (callId: string) =>
  (
    await app.ctx.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `call:${callId}:%`))
  )
    .map((r) => r.key)
    .sort();
const callbacksFor = (callId: string): FakeCallback[] => fake.callbacks.filter((c) => c.url.includes(callId));
const isLeave = (callback: FakeCallback) => callback.params.some(([k, v]) => k === 'StatusCallbackEvent' && v === 'participant-leave');

describe('a Twilio call from ring to hang-up', () => {
  it('rings the phone, joins the browser, connects when the model joins, bills by the job, ends when the model hangs up — charged once', async () => {
    const { caller, model, callId, modelLeg, callerHears, modelHears } = await ringingCall();
    expect(modelLeg.to).toBe(MODEL_PHONE);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'ringing' });

    // The member's browser device connects with To='conference:{callId}' and callId (spec).
    const browser = await fake.browserConnects(callId, await identityOf(caller));
    expect(browser).toMatchObject({ status: 200, joined: true });
    expect(readTwiml(browser.twiml)).toMatchObject({
      kind: 'conference',
      dial: { name: callId, label: 'member', startConferenceOnEnter: false, endConferenceOnExit: true },
    });
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'ringing' });

    await fake.answer(modelLeg.sid);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'connected' });
    await eventually(() => expect(callerHears.of('call:connected')).toHaveLength(1));

    clock.seconds(5);
    await app.runJob(CALL_JOBS.billing);
    expect(await walletOf(app, caller)).toBe(17);
    clock.seconds(56);
    await app.runJob(CALL_JOBS.billing);
    expect(await walletOf(app, caller)).toBe(14);

    await fake.modelHangsUp(modelLeg.sid);
    expect(await statusOf(caller, callId)).toMatchObject({
      status: 'ended',
      endReason: 'model-ended',
      minutesCharged: 2,
      tokensUsed: 6,
      duration: 61,
    });
    await eventually(() => expect(callerHears.of('call:ended')).toEqual([{ callId, duration: 61, finalTokens: 6, reason: 'model-ended' }]));
    expect(fake.legs.get(browser.callSid)!.status).toBe('completed');
    expect(await minuteKeys(callId)).toEqual([`call:${callId}:minute:1`, `call:${callId}:minute:2`]);
    expect(await walletOf(app, caller)).toBe(14);
    expect(fake.callbacks.every((c) => c.status === 200)).toBe(true);

    // The model's number went to Twilio only: nothing either party hears or reads carries it.
    const seen = [
      callerHears.heard,
      modelHears.heard,
      browser.twiml,
      await statusOf(caller, callId),
      (await app.request('GET', '/api/masked-call/history', { token: caller.token })).body,
      (await app.request('GET', '/api/masked-call/history', { token: model.token })).body,
    ];
    expect(JSON.stringify(seen)).not.toContain('4155550123');
  });

  it('also connects when the browser joins only after call:connected, as the spec orders it', async () => {
    const { caller, callId, modelLeg } = await ringingCall();
    await fake.answer(modelLeg.sid);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'connected' });
    const browser = await fake.browserConnects(callId, await identityOf(caller));
    expect(browser).toMatchObject({ status: 200, joined: true });

    // The member leaves: the conference ends for both, and the call ends as the caller's.
    await fake.browserHangsUp(browser.callSid);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'ended', endReason: 'caller-ended' });
    expect(fake.legs.get(modelLeg.sid)!.status).toBe('completed');
  });
});

describe('callbacks twice, late or out of order', () => {
  it('change nothing twice: no second connect, no second charge, no revival of an ended call', async () => {
    const { caller, callId, modelLeg, callerHears } = await ringingCall();
    await fake.browserConnects(callId, await identityOf(caller));
    await fake.answer(modelLeg.sid);
    clock.seconds(5);
    await app.runJob(CALL_JOBS.billing);
    expect(await walletOf(app, caller)).toBe(17);

    // Every callback so far again, newest first: as exact repeats, then as new events.
    const sofar = callbacksFor(callId).reverse();
    for (const callback of sofar) expect((await fake.redeliver(callback)).status).toBe(200);
    for (const callback of sofar.filter((c) => !isLeave(c))) expect((await fake.refire(callback)).status).toBe(200);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'connected', minutesCharged: 1, duration: 5 });
    await app.runJob(CALL_JOBS.billing);
    expect(await walletOf(app, caller)).toBe(17);

    await fake.modelHangsUp(modelLeg.sid);
    const after = await statusOf(caller, callId);
    expect(after).toMatchObject({ status: 'ended', endReason: 'model-ended', minutesCharged: 1, tokensUsed: 3 });

    // The whole story once more, out of order, after the end: a late ringing, join, leave, completed.
    for (const callback of callbacksFor(callId).reverse()) expect((await fake.refire(callback)).status).toBe(200);
    clock.seconds(120);
    await app.runJob(CALL_JOBS.billing);
    expect(await statusOf(caller, callId)).toEqual(after);
    expect(await minuteKeys(callId)).toEqual([`call:${callId}:minute:1`]);
    expect(await walletOf(app, caller)).toBe(17);
    await eventually(() => expect(callerHears.of('call:ended')).toHaveLength(1));
    expect(callerHears.of('call:connected')).toHaveLength(1);
  });
});

describe('the model does not take the call', () => {
  it('busy (the decline button) ends it as declined and costs nothing', async () => {
    const { caller, callId, modelLeg, callerHears } = await ringingCall();
    await fake.decline(modelLeg.sid);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'declined', endReason: 'declined', tokensUsed: 0 });
    await eventually(() => expect(callerHears.of('call:declined')).toEqual([{ callId, reason: 'declined' }]));
    expect(await walletOf(app, caller)).toBe(20);
  });

  it('no answer ends it as missed, which the caller hears as no-answer', async () => {
    const { caller, callId, modelLeg, callerHears } = await ringingCall();
    await fake.noAnswer(modelLeg.sid);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'missed', endReason: 'no-answer' });
    await eventually(() => expect(callerHears.of('call:declined')).toEqual([{ callId, reason: 'no-answer' }]));
  });

  it('the caller hanging up while it rings cancels the phone leg at Twilio', async () => {
    const { caller, callId, modelLeg } = await ringingCall();
    const ended = await app.request('POST', `/api/masked-call/end/${callId}`, { token: caller.token });
    expect(ended.body.data).toMatchObject({ status: 'ended', endReason: 'caller-cancelled' });
    await eventually(() => expect(fake.legs.get(modelLeg.sid)!.status).toBe('canceled'));
    await fake.settled();
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'ended', endReason: 'caller-cancelled' });
  });
});

describe('who may reach the webhooks', () => {
  it('refuses forged, unsigned and wrongly addressed callbacks with 403, and nothing changes', async () => {
    const { caller, callId, modelLeg } = await ringingCall();
    await fake.answer(modelLeg.sid);
    const leave: [string, string][] = [
      ['AccountSid', fake.config.accountSid],
      ['CallSid', modelLeg.sid],
      ['ConferenceSid', 'CF00000000000000000000000000000000'],
      ['FriendlyName', callId],
      ['ParticipantLabel', 'model'],
      ['SequenceNumber', '500'],
      ['StatusCallbackEvent', 'participant-leave'],
    ];
    const url = `${PUBLIC_URL}/api/twilio/conference/${callId}`;

    expect((await fake.postSigned(url, leave, 'not-the-auth-token')).status).toBe(403);
    // Signed for the address the request really reached (the Host header), not the public one.
    expect((await fake.postSigned(`${appUrl}/api/twilio/conference/${callId}`, leave, fake.config.authToken)).status).toBe(403);
    const unsigned = await fetch(`${appUrl}/api/twilio/conference/${callId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(leave).toString(),
    });
    expect(unsigned.status).toBe(403);
    const busy: [string, string][] = [
      ['CallSid', modelLeg.sid],
      ['CallStatus', 'busy'],
    ];
    expect((await fake.postSigned(`${PUBLIC_URL}/api/twilio/call-status/${callId}`, busy, 'not-the-auth-token')).status).toBe(403);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'connected' });

    // The same callback properly signed is taken.
    expect((await fake.postSigned(url, leave, fake.config.authToken)).status).toBe(200);
    expect(await statusOf(caller, callId)).toMatchObject({ status: 'ended', endReason: 'model-ended' });
  });

  it("joins only the call's own caller, and only while the call is live", async () => {
    const { caller, callId, modelLeg } = await ringingCall();
    const stranger = await createCaller(app, 20);

    const forged = await fake.postSigned(
      `${PUBLIC_URL}/api/twilio/voice`,
      [
        ['CallSid', 'CA11111111111111111111111111111111'],
        ['From', `client:${await identityOf(caller)}`],
        ['To', `conference:${callId}`],
        ['callId', callId],
      ],
      'not-the-auth-token',
    );
    expect(forged.status).toBe(403);
    expect(await statusOf(caller, callId)).toMatchObject({ callSid: null });

    const intruder = await fake.browserConnects(callId, await identityOf(stranger));
    expect(intruder).toMatchObject({ status: 200, joined: false });
    expect(readTwiml(intruder.twiml)).toEqual({ kind: 'reject' });
    const unknownCall = await fake.browserConnects('7d0c1b2a-3e4f-4a5b-8c6d-7e8f9a0b1c2d', await identityOf(caller));
    expect(unknownCall.joined).toBe(false);

    const own = await fake.browserConnects(callId, await identityOf(caller));
    expect(own.joined).toBe(true);
    expect(await statusOf(caller, callId)).toMatchObject({ callSid: own.callSid });

    await fake.decline(modelLeg.sid);
    const late = await fake.browserConnects(callId, await identityOf(caller));
    expect(late.joined).toBe(false);
  });

  it('takes only form bodies of a sensible size', async () => {
    // The app answers an unsupported body type as it answers every unreadable body: 422.
    const json = await fetch(`${appUrl}/api/twilio/voice`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(422);
    const huge = await fetch(`${appUrl}/api/twilio/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `callId=${'x'.repeat(200_000)}`,
    });
    expect(huge.status).toBe(413);
  });
});
