import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test-support/harness';
import { waitForLockWait } from '../../../test-support/pg-locks';
import { callsApp, createCallableModel, createCaller, manualClock } from './helpers';

/**
 * docs/product.md#price-changes: placing a call carries the rate per minute the caller saw
 * (`expectedPrice`); a different current rate answers 409 PRICE_CHANGED with the rate now, and no
 * call is placed. Without the field (a client written from the spec) the current rate applies.
 */
const clock = manualClock();
let app: TestApp;
beforeAll(async () => {
  app = await callsApp(clock);
});
afterAll(() => app.close());

type Member = Awaited<ReturnType<typeof createCaller>>;
const initiate = (caller: Member, body: unknown) => app.request('POST', '/api/masked-call/initiate', { token: caller.token, body });
const historyCount = async (member: Member) =>
  (await app.request('GET', '/api/masked-call/history', { token: member.token })).body.data.count as number;

/** The model changes her rate the way the web app does: PUT /masked-call/rate, in tokens a minute. */
async function setRate(model: Member, callRate: number) {
  const res = await app.request('PUT', '/api/masked-call/rate', { token: model.token, body: { callRate } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('placing a call with the rate the caller saw', () => {
  it('is refused with 409 and the new rate when the model raised it to 10,000 tokens, and no call rings', async () => {
    const model = await createCallableModel(app, { callRate: 200 });
    const caller = await createCaller(app, 50);
    await setRate(model, 10_000);

    const refused = await initiate(caller, { modelId: model.user.id, expectedPrice: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'PRICE_CHANGED',
      msg: 'The call rate is now 10,000.00 tokens a minute. Check it and call again.',
      message: 'The call rate is now 10,000.00 tokens a minute. Check it and call again.',
      details: { price: 10_000 },
    });
    expect(await historyCount(caller)).toBe(0);
    expect(await historyCount(model)).toBe(0);

    // The caller agrees to the new rate: the call is placed at it.
    const placed = await initiate(caller, { modelId: model.user.id, expectedPrice: 10_000 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ callRate: 10_000, status: 'ringing' });
  });

  it('places the call at the rate seen when it is still the rate', async () => {
    const model = await createCallableModel(app, { callRate: 250 });
    const caller = await createCaller(app, 50);
    const res = await initiate(caller, { modelId: model.user.id, expectedPrice: 2.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.callRate).toBe(2.5);
  });

  it('places a call from a client written from the spec (modelId only) at the current rate', async () => {
    const model = await createCallableModel(app, { callRate: 200 });
    const caller = await createCaller(app, 50);
    await setRate(model, 7.5);
    const res = await initiate(caller, { modelId: model.user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.callRate).toBe(7.5);
  });

  // On PostgreSQL another connection can hold the model's rate change open while the call is
  // placed: the call read the old rate first, and must still not be placed at it once the change
  // commits (the rate is read again, under a share lock, in the statement that writes the call).
  it.runIf(Boolean(process.env.DATABASE_URL))('refuses a call whose rate changed after it was read but before it was placed', async () => {
    const model = await createCallableModel(app, { callRate: 200 });
    const caller = await createCaller(app, 50);
    const other = new pg.Client({ connectionString: app.config.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update users set call_rate = 1000000 where id = $1', [model.user.id]);
      const pending = initiate(caller, { modelId: model.user.id, expectedPrice: 2 });
      await waitForLockWait(other, 'placing the call');
      await other.query('commit');
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.details).toEqual({ price: 10_000 });
      expect(await historyCount(caller)).toBe(0);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });
});
