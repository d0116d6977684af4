import { expect } from 'vitest';
import type { ServerToClientEvents } from '@cc/contracts';
import type { Config } from '../../../config/config';
import type { BuildOptions } from '../../../app';
import { movableClock } from '../../../platform/clock';
import { createMember, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import type { Client } from '../../../test-support/sockets';

/**
 * A clock tests move by hand and that stands still between moves, so seconds are counted exactly:
 * calls read it for ring timeouts, connected time and billing.
 */
export function manualClock(start = new Date('2030-01-01T12:00:00.000Z')) {
  const clock = movableClock({ start, flowing: false });
  return Object.assign(clock, { seconds: (s: number) => clock.advance(s * 1000) });
}
export type ManualClock = ReturnType<typeof manualClock>;

/** A test app whose server runs on `clock`. */
export function callsApp(clock: ManualClock, opts: { config?: Partial<Config>; build?: BuildOptions } = {}) {
  return createTestApp({ ...opts, build: { clock, ...opts.build } });
}

/** A model members may call: approved, available, 2.00 tokens a minute unless told otherwise. */
export const createCallableModel = (app: TestApp, overrides: Parameters<typeof createModel>[1] = {}) =>
  createModel(app, { callAvailable: true, callRate: 200, ...overrides });

/** A member holding `tokens` tokens. */
export async function createCaller(app: TestApp, tokens: number) {
  const member = await createMember(app);
  if (tokens > 0) await giveTokens(app, member.user.id, tokens);
  return member;
}

type Member = Awaited<ReturnType<typeof createMember>>;

/** POST /masked-call/initiate, expecting the call to ring; answers its id. */
export async function placeCall(app: TestApp, caller: Member, model: Member): Promise<string> {
  const res = await app.request('POST', '/api/masked-call/initiate', { token: caller.token, body: { modelId: model.user.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.callId as string;
}

/** Places a call and has the model accept it on the softphone; answers its id. */
export async function connectedCall(app: TestApp, caller: Member, model: Member): Promise<string> {
  const callId = await placeCall(app, caller, model);
  const accepted = await app.request('POST', `/api/masked-call/accept/${callId}`, { token: model.token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return callId;
}

/** The balance GET /wallet answers, in tokens. */
export async function walletOf(app: TestApp, member: Member): Promise<number> {
  const res = await app.request('GET', '/api/wallet', { token: member.token });
  expect(res.status).toBe(200);
  return res.body.data.balance as number;
}

/** Everything a socket hears, in order, for assertions on who heard what. */
export function recorder(socket: Client) {
  const heard: { event: keyof ServerToClientEvents; payload: unknown }[] = [];
  socket.onAny((event: keyof ServerToClientEvents, payload: unknown) => heard.push({ event, payload }));
  return {
    heard,
    of: (event: keyof ServerToClientEvents) => heard.filter((h) => h.event === event).map((h) => h.payload),
  };
}

/** Waits until `check` passes (socket events cross the network, even on loopback). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3000) {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
