import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test-support/harness';
import type { VoiceProvider } from '../../../providers/voice';
import { createCallEngine } from '../calls.engine';
import { createCallsRepository } from '../calls.repository';
import { createCallsService } from '../calls.service';
import { createCallsPush } from '../calls.socket';
import { callsApp, createCallableModel, createCaller, manualClock, walletOf } from './helpers';

/**
 * What a voice provider reports drives the same state machine (providers/voice/types.ts): each
 * report is a compare-and-set, so repeated, late or out-of-order callbacks change nothing twice.
 */
const clock = manualClock();
let ringing: 'ok' | 'fail' = 'ok';
const hungUp: string[] = [];
const provider: VoiceProvider = {
  name: 'local',
  deviceToken: async ({ userId }) => ({ token: 'a.b.c', identity: userId, iceServers: [] }),
  ringModel: async ({ callId }) => {
    if (ringing === 'fail') throw new Error('carrier down');
    return { callSid: `CA-model-${callId.slice(0, 8)}` };
  },
  hangUp: async ({ callId }) => void hungUp.push(callId),
};
let app: TestApp;
beforeAll(async () => {
  app = await callsApp(clock, { build: { calls: { provider } } });
});
afterAll(() => app.close());

/** The same service the module builds, on the test app's database, to reach its lifecycle. */
function lifecycleOf(testApp: TestApp) {
  const repo = createCallsRepository(testApp.ctx.db);
  const push = createCallsPush(testApp.ctx.io);
  const warn = () => undefined;
  const engine = createCallEngine({
    db: testApp.ctx.db,
    repo,
    ledger: testApp.ctx.ledger,
    provider,
    push,
    events: testApp.ctx.events,
    now: clock.now,
    warn,
  });
  return createCallsService({
    repo,
    engine,
    ledger: testApp.ctx.ledger,
    members: testApp.ctx.members,
    provider,
    push,
    events: testApp.ctx.events,
    now: clock.now,
    settings: testApp.ctx.settings,
  }).lifecycle;
}

const initiate = (token: string, modelId: string) => app.request('POST', '/api/masked-call/initiate', { token, body: { modelId } });
const statusOf = async (token: string, callId: string) =>
  (await app.request('GET', `/api/masked-call/status/${callId}`, { token })).body.data;

describe('provider reports', () => {
  it('a provider that cannot place the call: 502 "Failed to initiate call", the call failed, both free again', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    ringing = 'fail';
    const res = await initiate(caller.token, model.user.id);
    ringing = 'ok';
    expect(res.status).toBe(502);
    expect(res.body.msg).toBe('Failed to initiate call');
    const [failed] = (await app.request('GET', '/api/masked-call/history', { token: caller.token })).body.data.items;
    expect(failed).toMatchObject({ status: 'failed', endReason: 'failed', tokensUsed: 0 });
    expect((await initiate(caller.token, model.user.id)).status).toBe(200);
  });

  it('repeated and out-of-order callbacks move the call once and charge once', async () => {
    const lifecycle = lifecycleOf(app);
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const callId = (await initiate(caller.token, model.user.id)).body.data.callId as string;

    expect(await lifecycle.mayJoin(callId, caller.user.id)).toBe(true);
    expect(await lifecycle.mayJoin(callId, model.user.id)).toBe(false);
    expect(await lifecycle.callerJoined(callId, 'CA-caller')).toBe(true);
    expect(await lifecycle.modelRinging(callId, 'CA-late')).toBe(false); // already ringing since initiate
    expect(await lifecycle.connected(callId)).toBe(true);
    expect(await lifecycle.connected(callId)).toBe(false);
    expect(await lifecycle.notAnswered(callId, 'no-answer')).toBe(false);

    clock.seconds(65);
    expect(await lifecycle.ended(callId, 'model-ended')).toBe(true);
    expect(await lifecycle.ended(callId, 'caller-ended')).toBe(false);
    expect(await lifecycle.failed(callId)).toBe(false);
    expect(await lifecycle.mayJoin(callId, caller.user.id)).toBe(false);

    expect(await statusOf(caller.token, callId)).toMatchObject({
      status: 'ended',
      endReason: 'model-ended',
      callSid: 'CA-caller',
      duration: 65,
      minutesCharged: 2,
      tokensUsed: 2,
    });
    expect(await walletOf(app, caller)).toBe(18);
    expect(hungUp).toContain(callId);
  });

  it('a callback saying the model did not answer ends a ringing call as missed', async () => {
    const lifecycle = lifecycleOf(app);
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callId = (await initiate(caller.token, model.user.id)).body.data.callId as string;
    expect(await lifecycle.notAnswered(callId, 'no-answer')).toBe(true);
    expect(await lifecycle.connected(callId)).toBe(false);
    expect(await statusOf(caller.token, callId)).toMatchObject({ status: 'missed', endReason: 'no-answer' });
  });
});
