import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test-support/harness';
import { socketServer } from '../../../test-support/sockets';
import {
  callsApp,
  connectedCall,
  createCallableModel,
  createCaller,
  eventually,
  manualClock,
  placeCall,
  recorder,
  walletOf,
} from './helpers';

/** Call events and WebRTC signalling reach the call's two parties and nobody else (docs/product.md#calls). */
const clock = manualClock();
let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
beforeAll(async () => {
  app = await callsApp(clock);
  sockets = await socketServer(app);
});
afterEach(() => sockets.closeAll());
afterAll(() => app.close());

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };

describe('call events', () => {
  it('rings the model, then tells both parties connected, charged and ended — and a third member hears nothing', async () => {
    const model = await createCallableModel(app, { callRate: 150 });
    const caller = await createCaller(app, 20);
    const third = await createCaller(app, 20);
    const [modelHears, callerHears, thirdHears] = [
      recorder(await sockets.connected(model.token)),
      recorder(await sockets.connected(caller.token)),
      recorder(await sockets.connected(third.token)),
    ];

    const callId = await placeCall(app, caller, model);
    await eventually(() =>
      expect(modelHears.of('call:incoming')).toEqual([
        { callId, fromUser: { _id: caller.user.id, name: caller.user.name, username: caller.user.username }, callRate: 1.5 },
      ]),
    );
    expect(callerHears.of('call:incoming')).toEqual([]);

    await app.request('POST', `/api/masked-call/accept/${callId}`, { token: model.token });
    clock.seconds(65);
    await app.runJob('calls.billing');
    await app.request('POST', `/api/masked-call/end/${callId}`, { token: caller.token });

    for (const party of [modelHears, callerHears]) {
      await eventually(() => {
        expect(party.of('call:connected')).toEqual([{ callId, connectedAt: expect.any(String) }]);
        expect(party.of('call:charged')).toEqual([{ callId, minutesCharged: 2, tokensUsed: 3 }]);
        expect(party.of('call:ended')).toEqual([{ callId, duration: 65, finalTokens: 3, reason: 'caller-ended' }]);
      });
    }
    // The caller's balance arrives the usual way, in tokens.
    await eventually(() => expect(callerHears.of('wallet:balance').at(-1)).toMatchObject({ balance: 17 }));
    expect(thirdHears.heard.filter((h) => h.event.startsWith('call:'))).toEqual([]);
  });

  it('tells the caller declined, or no-answer after 30 s', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const callerHears = recorder(await sockets.connected(caller.token));

    const declined = await placeCall(app, caller, model);
    await app.request('POST', `/api/masked-call/decline/${declined}`, { token: model.token });
    const missed = await placeCall(app, caller, model);
    clock.seconds(30);
    await app.runJob('calls.timeouts');
    await eventually(() =>
      expect(callerHears.of('call:declined')).toEqual([
        { callId: declined, reason: 'declined' },
        { callId: missed, reason: 'no-answer' },
      ]),
    );
  });
});

describe('signalling', () => {
  it('relays an offer to the other party only, and drops signals from strangers or about finished calls', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 20);
    const third = await createCaller(app, 20);
    const callerSocket = await sockets.connected(caller.token);
    const thirdSocket = await sockets.connected(third.token);
    const [modelHears, callerHears, thirdHears] = [
      recorder(await sockets.connected(model.token)),
      recorder(callerSocket),
      recorder(thirdSocket),
    ];

    const callId = await connectedCall(app, caller, model);
    callerSocket.emit('call:signal', { callId, signal: offer });
    thirdSocket.emit('call:signal', { callId, signal: { type: 'answer', sdp: 'forged' } });
    callerSocket.emit('call:signal', { callId, signal: { type: 'bogus' } } as never);
    await eventually(() => expect(modelHears.of('call:signal')).toEqual([{ callId, signal: offer }]));

    await app.request('POST', `/api/masked-call/end/${callId}`, { token: caller.token });
    callerSocket.emit('call:signal', { callId, signal: { type: 'answer', sdp: 'too late' } });
    // A marker sent after the late signal: once it arrives, the late one would have too.
    const marker = await connectedCall(app, caller, model);
    callerSocket.emit('call:signal', { callId: marker, signal: offer });
    await eventually(() => expect(modelHears.of('call:signal')).toHaveLength(2));
    expect(modelHears.of('call:signal')[1]).toEqual({ callId: marker, signal: offer });
    expect(callerHears.of('call:signal')).toEqual([]);
    expect(thirdHears.of('call:signal')).toEqual([]);
  });
});

describe('a party who disappears', () => {
  it('ends the call after the grace period and bills only to the moment they left', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const callerSocket = await sockets.connected(caller.token);
    const modelHears = recorder(await sockets.connected(model.token));
    const callId = await connectedCall(app, caller, model);

    clock.seconds(50);
    await app.runJob('calls.timeouts');
    callerSocket.disconnect();
    await eventually(async () => {
      await app.runJob('calls.timeouts');
      const call = (await app.request('GET', `/api/masked-call/status/${callId}`, { token: model.token })).body.data;
      expect(call.status).toBe('connected');
      expect((await app.ctx.presence.onlineAmong([caller.user.id])).size).toBe(0);
    });
    clock.seconds(14);
    await app.runJob('calls.billing');
    await app.runJob('calls.timeouts');
    expect((await app.request('GET', `/api/masked-call/status/${callId}`, { token: model.token })).body.data.status).toBe('connected');

    clock.seconds(1);
    await app.runJob('calls.timeouts');
    const ended = (await app.request('GET', `/api/masked-call/status/${callId}`, { token: model.token })).body.data;
    // Left at 50 s: minute 1 paid; minute 2 (due at 61 s, inside the grace) is not.
    expect(ended).toMatchObject({ status: 'ended', endReason: 'caller-left', duration: 50, minutesCharged: 1, tokensUsed: 1 });
    await eventually(() => expect(modelHears.of('call:ended')).toEqual([{ callId, duration: 50, finalTokens: 1, reason: 'caller-left' }]));
    expect(await walletOf(app, caller)).toBe(19);
  });

  it('keeps the call when the party comes back within the grace period', async () => {
    const model = await createCallableModel(app, { callRate: 100 });
    const caller = await createCaller(app, 20);
    const first = await sockets.connected(caller.token);
    await sockets.connected(model.token);
    const callId = await connectedCall(app, caller, model);

    first.disconnect();
    await eventually(async () => expect((await app.ctx.presence.onlineAmong([caller.user.id])).size).toBe(0));
    await app.runJob('calls.timeouts');
    clock.seconds(10);
    await sockets.connected(caller.token);
    await eventually(async () => expect((await app.ctx.presence.onlineAmong([caller.user.id])).size).toBe(1));
    await app.runJob('calls.timeouts');
    clock.seconds(20);
    await app.runJob('calls.timeouts');
    expect((await app.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token })).body.data.status).toBe('connected');
  });
});
