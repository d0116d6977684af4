import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerTransactions } from '../../../db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { socketServer } from '../../../test-support/sockets';
import { callsApp, connectedCall, createCallableModel, eventually, manualClock, placeCall, recorder, walletOf } from './helpers';

/**
 * The administrators' calls (docs/product.md#calls): every call, live and past, with its charges in
 * tokens; ending a live call goes the hang-up's way (docs/product.md#call-billing) and leaves one
 * audit row (docs/architecture.md#audit-log).
 */
const clock = manualClock();
let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await callsApp(clock);
  sockets = await socketServer(app);
  admin = await createAdmin(app);
});
afterEach(() => sockets.closeAll());
afterAll(() => app.close());

const someId = '00000000-0000-4000-8000-000000000000';
const list = (query: string, token = admin.token) => app.request('GET', `/api/admin/calls?${query}`, { token });
const endAsAdmin = (callId: string, token = admin.token) => app.request('POST', `/api/admin/calls/${callId}/end`, { token });
const auditRowsOf = (callId: string) => app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, callId));
const minuteKeys = async (callId: string) =>
  (
    await app.ctx.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `call:${callId}:%`))
  )
    .map((r) => r.key)
    .sort();

/** Members whose names share `tag`, so a test's `q` finds its own calls only. */
function people(tag = randomBytes(4).toString('hex')) {
  let n = 0;
  return {
    tag,
    model: (callRate = 200) => createCallableModel(app, { callRate, name: `Model ${tag} ${++n}` }),
    async caller(tokens = 20) {
      const member = await createMember(app, { name: `Caller ${tag} ${++n}` });
      await giveTokens(app, member.user.id, tokens);
      return member;
    },
  };
}

const partyOf = (member: Awaited<ReturnType<typeof createMember>>) => ({
  _id: member.user.id,
  username: member.user.username,
  name: member.user.name,
});

describe('GET /admin/calls', () => {
  it('lists live and finished calls with their charges in tokens: live first, then newest first', async () => {
    const p = people();
    const [modelA, callerA] = [await p.model(150), await p.caller()];
    const ended = await connectedCall(app, callerA, modelA);
    const connectedAt = clock.now().toISOString();
    clock.seconds(70);
    expect((await app.request('POST', `/api/masked-call/end/${ended}`, { token: callerA.token })).status).toBe(200);
    const endedAt = clock.now().toISOString();
    clock.seconds(1);
    const declined = await placeCall(app, callerA, modelA);
    await app.request('POST', `/api/masked-call/decline/${declined}`, { token: modelA.token });

    const [modelB, callerB] = [await p.model(250), await p.caller()];
    const live = await connectedCall(app, callerB, modelB);
    clock.seconds(5);
    await app.runJob('calls.billing');
    clock.seconds(10);
    const [modelC, callerC] = [await p.model(), await p.caller()];
    const ringing = await placeCall(app, callerC, modelC);

    const res = await list(`q=${p.tag}`);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(4);
    expect(res.body.data.items.map((c: { _id: string }) => c._id)).toEqual([ringing, live, declined, ended]);
    const [ringingRow, liveRow, declinedRow, endedRow] = res.body.data.items;
    expect(ringingRow).toMatchObject({ status: 'ringing', rate: 2, connectedAt: null, endedAt: null, durationSeconds: null });
    expect(ringingRow).toMatchObject({ minutesCharged: 0, tokensCharged: 0, endReason: null });
    // Connected 15 s: minute 1 (due at 5 s) charged, 2.50 tokens; the duration counts to now.
    expect(liveRow).toMatchObject({
      status: 'connected',
      rate: 2.5,
      minutesCharged: 1,
      tokensCharged: 2.5,
      durationSeconds: 15,
      endedAt: null,
    });
    expect(declinedRow).toMatchObject({ status: 'declined', endReason: 'declined', durationSeconds: null, tokensCharged: 0 });
    expect(endedRow).toEqual({
      _id: ended,
      status: 'ended',
      caller: partyOf(callerA),
      model: partyOf(modelA),
      rate: 1.5,
      createdAt: expect.any(String),
      connectedAt,
      endedAt,
      endReason: 'caller-ended',
      minutesCharged: 2,
      tokensCharged: 3,
      durationSeconds: 70,
    });

    // Limit and skip page the same order.
    const page = await list(`q=${p.tag}&limit=2&skip=1`);
    expect(page.body.data).toMatchObject({ count: 4, items: [{ _id: live }, { _id: declined }] });
  });

  it('filters by status (live, ended, or all) and by either party’s username, e-mail or name', async () => {
    const p = people();
    const [model, caller, otherCaller] = [await p.model(), await p.caller(), await p.caller()];
    const finished = await connectedCall(app, caller, model);
    await app.request('POST', `/api/masked-call/end/${finished}`, { token: model.token });
    clock.seconds(1);
    const missed = await placeCall(app, otherCaller, model);
    clock.seconds(30);
    await app.runJob('calls.timeouts');
    const live = await placeCall(app, caller, model);

    const ids = async (query: string) => {
      const res = await list(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.count).toBe(res.body.data.items.length);
      return res.body.data.items.map((c: { _id: string }) => c._id);
    };
    expect(await ids(`status=live&q=${p.tag}`)).toEqual([live]);
    expect(await ids(`status=ended&q=${p.tag}`)).toEqual([missed, finished]);
    expect(await ids(`status=&q=${p.tag}`)).toEqual([live, missed, finished]);
    expect(await ids(`q=${p.tag}`)).toEqual([live, missed, finished]);

    // Either party, by username, e-mail (any case) or name; the text is trimmed.
    expect(await ids(`q=${encodeURIComponent(otherCaller.user.email.toUpperCase())}`)).toEqual([missed]);
    expect(await ids(`q=${caller.user.username}`)).toEqual([live, finished]);
    expect(await ids(`q=${encodeURIComponent(`  ${model.user.name}  `)}`)).toEqual([live, missed, finished]);
    expect(await ids(`status=live&q=${otherCaller.user.username}`)).toEqual([]);
    // LIKE's wildcards are matched as themselves.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids(`q=Caller_${p.tag}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(`Caller ${p.tag}`)}`)).toEqual([live, missed, finished]);

    // Everything: at least these three, live ones before finished ones.
    const all = (await list('limit=100')).body.data.items as { _id: string; status: string }[];
    expect(all.map((c) => c._id)).toEqual(expect.arrayContaining([live, missed, finished]));
    const firstFinished = all.findIndex((c) => !['initiated', 'ringing', 'connected'].includes(c.status));
    expect(all.slice(firstFinished).every((c) => !['initiated', 'ringing', 'connected'].includes(c.status))).toBe(true);
  });
});

describe('POST /admin/calls/:id/end', () => {
  it('ends a connected call the way a hang-up does: charged what is due, both parties told, one audit row', async () => {
    const p = people();
    const [model, caller] = [await p.model(150), await p.caller(20)];
    const [modelHears, callerHears] = [recorder(await sockets.connected(model.token)), recorder(await sockets.connected(caller.token))];
    const callId = await connectedCall(app, caller, model);

    // 70 s connected: minute 1 (at 5 s) and minute 2 (at 61 s) are due, 1.50 tokens each.
    clock.seconds(70);
    const res = await endAsAdmin(callId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: callId,
      status: 'ended',
      endReason: 'admin-ended',
      rate: 1.5,
      minutesCharged: 2,
      tokensCharged: 3,
      durationSeconds: 70,
      caller: partyOf(caller),
      model: partyOf(model),
    });

    for (const party of [modelHears, callerHears]) {
      await eventually(() => expect(party.of('call:ended')).toEqual([{ callId, duration: 70, finalTokens: 3, reason: 'admin-ended' }]));
    }
    await eventually(() => expect(callerHears.of('wallet:balance').at(-1)).toMatchObject({ balance: 17 }));
    expect(await walletOf(app, caller)).toBe(17);
    // The model earns 80 % of each minute: 1.20 of 1.50.
    expect(await walletOf(app, model)).toBe(2.4);
    expect(await minuteKeys(callId)).toEqual([`call:${callId}:minute:1`, `call:${callId}:minute:2`]);
    expect((await app.ctx.ledger.check()).ok).toBe(true);

    // The parties see it ended too, and billing has stopped.
    const status = await app.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token });
    expect(status.body.data).toMatchObject({ status: 'ended', endReason: 'admin-ended', duration: 70, tokensUsed: 3 });
    clock.seconds(120);
    await app.runJob('calls.billing');
    expect(await walletOf(app, caller)).toBe(17);

    // Again: the call has already ended, nothing more is written.
    const again = await endAsAdmin(callId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'CONFLICT', msg: 'This call has already ended.', message: 'This call has already ended.' });

    const rows = await auditRowsOf(callId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      action: 'call.end',
      targetType: 'call',
      targetId: callId,
      before: { status: 'connected' },
      after: { status: 'ended', endReason: 'admin-ended', minutesCharged: 2, tokensCharged: 300 },
    });
    const trail = await app.request('GET', `/api/admin/audit?targetId=${callId}`, { token: admin.token });
    expect(trail.body.data.count).toBe(1);

    const listed = await list(`q=${p.tag}`);
    expect(listed.body.data.items).toMatchObject([{ _id: callId, status: 'ended', endReason: 'admin-ended', tokensCharged: 3 }]);
  });

  it('ends a ringing call without charge, and both parties are told', async () => {
    const p = people();
    const [model, caller] = [await p.model(150), await p.caller(20)];
    const [modelHears, callerHears] = [recorder(await sockets.connected(model.token)), recorder(await sockets.connected(caller.token))];
    const callId = await placeCall(app, caller, model);
    clock.seconds(10);

    const res = await endAsAdmin(callId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'ended',
      endReason: 'admin-ended',
      connectedAt: null,
      minutesCharged: 0,
      tokensCharged: 0,
      durationSeconds: null,
    });
    for (const party of [modelHears, callerHears]) {
      await eventually(() => expect(party.of('call:ended')).toEqual([{ callId, duration: 0, finalTokens: 0, reason: 'admin-ended' }]));
    }
    expect(await walletOf(app, caller)).toBe(20);
    expect(await minuteKeys(callId)).toEqual([]);
    expect(await auditRowsOf(callId)).toMatchObject([
      { action: 'call.end', before: { status: 'ringing' }, after: { status: 'ended', minutesCharged: 0, tokensCharged: 0 } },
    ]);
    // Both are free again.
    await connectedCall(app, caller, model);
  });

  it('answers 404 for an unknown call and 409 for one already over, writing no audit row', async () => {
    const p = people();
    const [model, caller] = [await p.model(), await p.caller()];
    const declined = await placeCall(app, caller, model);
    await app.request('POST', `/api/masked-call/decline/${declined}`, { token: model.token });

    expect(await endAsAdmin(someId)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await endAsAdmin(declined)).toMatchObject({ status: 409, body: { code: 'CONFLICT', msg: 'This call has already ended.' } });
    expect(await auditRowsOf(declined)).toEqual([]);
    expect(await auditRowsOf(someId)).toEqual([]);
  });

  it('ends a call once when two administrators and the caller end it at the same time', async () => {
    const p = people();
    const [model, caller] = [await p.model(100), await p.caller(20)];
    const other = await createAdmin(app);
    const callId = await connectedCall(app, caller, model);
    clock.seconds(65);

    const [first, second, hangUp] = await Promise.all([
      endAsAdmin(callId),
      endAsAdmin(callId, other.token),
      app.request('POST', `/api/masked-call/end/${callId}`, { token: caller.token }),
    ]);
    expect(hangUp.status).toBe(200);
    const statuses = [first.status, second.status];
    const adminEnded = statuses.includes(200);
    // Whoever got there first ended it; the others found it over.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await auditRowsOf(callId)).toHaveLength(adminEnded ? 1 : 0);
    expect(hangUp.body.data).toMatchObject({ status: 'ended', endReason: adminEnded ? 'admin-ended' : 'caller-ended' });
    expect(await minuteKeys(callId)).toHaveLength(2);
    expect(await walletOf(app, caller)).toBe(18);
  });
});

describe('who may use them, and what they accept', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/calls'],
    ['POST', `/api/admin/calls/${someId}/end`],
  ];

  it.each(routes)('%s %s answers 401 without a token', async (method, url) => {
    const res = await app.request(method, url, { body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.', message: 'Please sign in to continue.' });
  });

  it.each(routes)('%s %s answers 403 to a member and to a model', async (method, url) => {
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await app.request(method, url, { token, body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', msg: 'Only administrators can do that.', message: 'Only administrators can do that.' });
    }
  });

  it('refuses a malformed id, a NUL in q, a long q and an unknown status with 422', async () => {
    const badId = await endAsAdmin('not-an-id');
    expect(badId.status).toBe(422);
    expect(badId.body.details.fields).toHaveProperty('id');
    const nul = await list('q=a%00b');
    expect(nul.status).toBe(422);
    expect(nul.body.details.fields).toHaveProperty('q');
    expect((await list(`q=${'x'.repeat(81)}`)).status).toBe(422);
    const status = await list('status=missed');
    expect(status.status).toBe(422);
    expect(status.body.details.fields).toHaveProperty('status');
    expect((await list('limit=101')).status).toBe(422);
  });
});
