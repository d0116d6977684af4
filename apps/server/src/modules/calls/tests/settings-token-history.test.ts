import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { callsApp, connectedCall, createCallableModel, createCaller, manualClock, placeCall } from './helpers';

/** A model's call settings, the voice device token and the call history (docs/product.md#calls). */
const clock = manualClock();
let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await callsApp(clock);
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api`;
});
afterAll(() => app.close());

/** Raw HTTP with the fields the spec names, as a stranger's client would send them. */
async function raw(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("a model's call settings", () => {
  it('reads and changes rate, availability and phone; the rate in tokens', async () => {
    const model = await createMember(app, { type: 'model', modelStatus: 'approved' });
    expect((await raw('GET', '/masked-call/settings', model.token)).body.data).toEqual({
      callRate: 0,
      callAvailable: false,
      phoneNumber: null,
      provider: 'local',
    });
    const rate = await raw('PUT', '/masked-call/rate', model.token, { callRate: 2.5 });
    expect(rate.status).toBe(200);
    expect(rate.body.data.callRate).toBe(2.5);
    const updated = await raw('PUT', '/masked-call/settings', model.token, { callAvailable: true, phoneNumber: '+14155550123' });
    expect(updated.body.data).toEqual({ callRate: 2.5, callAvailable: true, phoneNumber: '+14155550123', provider: 'local' });
    expect((await raw('GET', '/users/me', model.token)).body.data).toMatchObject({ callRate: 2.5, callAvailable: true });
  });

  it('refuses members who are not models (403 NOT_A_MODEL), bad rates and bad phones (422)', async () => {
    const member = await createMember(app);
    for (const [method, path, body] of [
      ['GET', '/masked-call/settings', undefined],
      ['PUT', '/masked-call/rate', { callRate: 2 }],
      ['PUT', '/masked-call/settings', { callAvailable: true }],
    ] as const) {
      const res = await raw(method, path, member.token, body);
      // A permission, not bad input (docs/product.md#calls).
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'NOT_A_MODEL',
        msg: 'Only models can set call settings.',
        message: 'Only models can set call settings.',
      });
    }
    const model = await createCallableModel(app);
    for (const body of [{ callRate: 1.234 }, { callRate: -1 }, { callRate: '2/min' }, {}]) {
      expect((await raw('PUT', '/masked-call/rate', model.token, body)).status, JSON.stringify(body)).toBe(422);
    }
    const phone = await raw('PUT', '/masked-call/settings', model.token, { phoneNumber: '0155\u0000' });
    expect(phone.status).toBe(422);
    const free = await raw('PUT', '/masked-call/rate', model.token, { callRate: 0 });
    expect(free.status).toBe(422);
    expect(free.body.msg).toBe('Set a call rate above 0 tokens before taking calls.');
  });
});

describe('the voice device token', () => {
  it('is a three-part JWT naming the member, valid for an hour', async () => {
    const member = await createMember(app);
    const res = await raw('GET', '/call/webrtc/token', member.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ identity: member.user.id, provider: 'local', iceServers: [] });
    expect(res.body.data.token.split('.')).toHaveLength(3);
    const claims = decodeJwt(res.body.data.token);
    expect(claims.sub).toBe(member.user.id);
    expect(claims.exp! - claims.iat!).toBe(3600);
    // It cannot pass for a sign-in token.
    expect((await raw('GET', '/users/me', res.body.data.token)).status).toBe(401);
  });
});

describe('call history', () => {
  it('lists both directions, newest first, with limit and skip as strings', async () => {
    const model = await createCallableModel(app, { callRate: 100, name: 'History Hana' });
    const caller = await createCaller(app, 50);
    const first = await connectedCall(app, caller, model);
    clock.seconds(70);
    await raw('POST', `/masked-call/end/${first}`, caller.token);
    clock.seconds(1);
    const second = await placeCall(app, caller, model);
    await raw('POST', `/masked-call/decline/${second}`, model.token);

    const mine = await raw('GET', '/masked-call/history?limit=1&skip=0', caller.token);
    expect(mine.body.data.count).toBe(2);
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({
        callId: second,
        status: 'declined',
        direction: 'outgoing',
        otherParty: expect.objectContaining({ name: 'History Hana' }),
      }),
    ]);
    const older = await raw('GET', '/masked-call/history?limit=1&skip=1', caller.token);
    expect(older.body.data.items[0]).toMatchObject({
      callId: first,
      status: 'ended',
      duration: 70,
      callRate: 1,
      tokensUsed: 2,
      minutesCharged: 2,
      endReason: 'caller-ended',
    });
    expect(older.body.data.items[0].connectedAt).toEqual(expect.any(String));
    expect(older.body.data.items[0].endedAt).toEqual(expect.any(String));

    const theirs = await raw('GET', '/masked-call/history', model.token);
    expect(theirs.body.data.items.map((c: { direction: string; otherParty: { _id: string } }) => [c.direction, c.otherParty._id])).toEqual([
      ['incoming', caller.user.id],
      ['incoming', caller.user.id],
    ]);
    // The model's phone number never appears in what the caller reads.
    expect(JSON.stringify(mine.body)).not.toContain('phone');

    expect((await raw('GET', '/masked-call/history?limit=abc', caller.token)).status).toBe(422);
    expect((await raw('GET', '/masked-call/history?skip=-1', caller.token)).status).toBe(422);
    const stranger = await createMember(app);
    expect((await raw('GET', '/masked-call/history', stranger.token)).body.data).toEqual({ items: [], count: 0 });
  });
});
