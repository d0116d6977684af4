import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { callsApp, createCallableModel, createCaller, manualClock, placeCall } from './helpers';

/** POST /masked-call/initiate: who may call whom, and each refusal with the spec's sentence (docs/product.md#calls). */
const clock = manualClock();
let app: TestApp;
beforeAll(async () => {
  app = await callsApp(clock);
});
afterAll(() => app.close());

const initiate = (token: string, body: unknown) => app.request('POST', '/api/masked-call/initiate', { token, body });

describe('placing a call', () => {
  it('answers callId and callRate in tokens, and the call rings', async () => {
    const model = await createCallableModel(app, { callRate: 250, name: 'Ringing Rosa' });
    const caller = await createCaller(app, 20);
    const res = await initiate(caller.token, { modelId: model.user.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ callRate: 2.5, status: 'ringing', model: { _id: model.user.id, name: 'Ringing Rosa' } });
    expect(res.body.data.callId).toMatch(/^[0-9a-f-]{36}$/);

    const status = await app.request('GET', `/api/masked-call/status/${res.body.data.callId}`, { token: caller.token });
    expect(status.body.data).toMatchObject({ status: 'ringing', direction: 'outgoing', callRate: 2.5, duration: 0, tokensUsed: 0 });
  });

  it('refuses a balance under 10 tokens with 402 and the spec sentence', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 9.99);
    const res = await initiate(caller.token, { modelId: model.user.id });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      code: 'INSUFFICIENT_TOKENS',
      msg: 'You need at least 10 tokens to make a call',
      message: 'You need at least 10 tokens to make a call',
      details: { needed: 10, balance: 9.99 },
    });
  });

  it('accepts exactly 10 tokens', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 10);
    expect((await initiate(caller.token, { modelId: model.user.id })).status).toBe(200);
  });

  it.each([
    ['unavailable', { callAvailable: false }],
    ['phoneVerified true (the spec states callability literally)', { phoneVerified: true }],
    ['not approved', { modelStatus: 'pending' as const }],
    ['suspended', { status: 'suspended' as const }],
    ['without a rate', { callRate: 0 }],
  ])('refuses a model who is %s with 403 and the spec sentence', async (_, overrides) => {
    const model = await createCallableModel(app, overrides);
    const caller = await createCaller(app, 50);
    const res = await initiate(caller.token, { modelId: model.user.id });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('This model is not available for calls at the moment');
  });

  it('refuses calling a member who is not a model with 403', async () => {
    const other = await createMember(app, { callAvailable: true, callRate: 200 });
    const caller = await createCaller(app, 50);
    const res = await initiate(caller.token, { modelId: other.user.id });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('This model is not available for calls at the moment');
  });

  it('refuses calling yourself with 400', async () => {
    const model = await createCallableModel(app);
    const res = await initiate(model.token, { modelId: model.user.id });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('You cannot call yourself.');
  });

  it('answers 404 for a model id nobody has', async () => {
    const caller = await createCaller(app, 50);
    const res = await initiate(caller.token, { modelId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
  });

  it('refuses a model already ringing (409), and a caller already on a call (409)', async () => {
    const model = await createCallableModel(app);
    const first = await createCaller(app, 50);
    const second = await createCaller(app, 50);
    await placeCall(app, first, model);

    const busy = await initiate(second.token, { modelId: model.user.id });
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toBe('This model is on another call right now. Please try again in a few minutes.');

    const otherModel = await createCallableModel(app);
    const again = await initiate(first.token, { modelId: otherModel.user.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('You are already on a call. End it before starting another.');
  });

  it('lets exactly one of many simultaneous calls to one model ring; the rest hear 409', async () => {
    const model = await createCallableModel(app);
    const callers = await Promise.all(Array.from({ length: 5 }, () => createCaller(app, 50)));
    const answers = await Promise.all(callers.map((c) => initiate(c.token, { modelId: model.user.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('lets a double click of one caller place one call', async () => {
    const model = await createCallableModel(app);
    const caller = await createCaller(app, 50);
    const answers = await Promise.all([1, 2].map(() => initiate(caller.token, { modelId: model.user.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const history = await app.request('GET', '/api/masked-call/history', { token: caller.token });
    expect(history.body.data.count).toBe(1);
  });

  it('refuses bad input with 422: not a uuid, wrong type, NUL bytes, missing field', async () => {
    const caller = await createCaller(app, 50);
    for (const body of [{ modelId: 'nope' }, { modelId: 42 }, { modelId: 'a\u0000b' }, {}]) {
      const res = await initiate(caller.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a huge body with 413 and a signed-out caller with 401', async () => {
    const caller = await createCaller(app, 50);
    const huge = await initiate(caller.token, { modelId: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const model = await createModel(app);
    const anonymous = await app.request('POST', '/api/masked-call/initiate', { body: { modelId: model.user.id } });
    expect(anonymous.status).toBe(401);
  });

  it('limits how often one member may ring people (429)', async () => {
    const caller = await createCaller(app, 50);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await initiate(caller.token, { modelId: caller.user.id })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
