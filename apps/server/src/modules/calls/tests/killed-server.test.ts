import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema';
import { createTestApp, freshDatabase } from '../../../test-support/harness';
import { createCallableModel, createCaller, eventually, walletOf } from './helpers';
import { freePort, sleepUntil, startServer, type ServerProcess } from '../../../test-support/server-process';

/**
 * The promise (docs/product.md#call-billing): "The server is killed in the middle of a
 * connected call and restarted: billing resumes or the call ends cleanly, and the tokens charged
 * equal the minutes due, never more." Here on the real process, killed with SIGKILL (no draining,
 * no graceful close of the database) and on the real clock, so each test takes over a minute; they
 * run at the same time, each on its own database, port and process.
 * On the embedded PGlite by default; on PostgreSQL (and Redis) when DATABASE_URL / REDIS_URL are set.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type CallStatusDto = { status: string; duration: number; minutesCharged: number; tokensUsed: number; endReason: string | null };

/**
 * A caller with 20 tokens on a connected call at 1.00 token a minute with a model, both with a
 * reconnecting Socket.IO client (as the web app's); the server process charged minute 1, was
 * SIGKILLed at 10 s of connected time, was started again on the same database and both sockets
 * have reconnected to it.
 */
async function callSurvivingAKill() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-calls-killed-'));
  const database = await freshDatabase();
  const jwtSecret = randomBytes(32).toString('hex');
  const running: ServerProcess[] = [];
  const sockets: Socket[] = [];
  cleanups.push(async () => {
    sockets.forEach((s) => s.disconnect());
    for (const server of running) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An app in this test process on the server's database (never while the server runs, on PGlite). */
  const appOnSameDatabase = async () => {
    const app = await createTestApp({
      config: { databaseUrl: database.url, jwtSecret },
      // main.ts opens the embedded database at DATA_DIR/db.
      build: database.url ? {} : { pgliteDir: path.join(dataDir, 'db'), pgliteSnapshot: undefined },
    });
    cleanups.push(() => app.close());
    return app;
  };

  // The world, written straight into the database the server process will open.
  const seed = await appOnSameDatabase();
  const model = await createCallableModel(seed, { callRate: 100 });
  const caller = await createCaller(seed, 20);
  await seed.close();

  const port = await freePort(); // the same for both lives, so the sockets find the new process
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    VOICE_PROVIDER: 'local',
    REDIS_PREFIX: `cc-killed-${randomBytes(4).toString('hex')}`,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const api = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as { data: any } };
  };
  const statusOf = async (callId: string): Promise<CallStatusDto> => {
    const res = await api('GET', `/masked-call/status/${callId}`, caller.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as CallStatusDto;
  };
  const balance = async () => (await api('GET', '/wallet', caller.token)).body.data.balance as number;

  const first = await startServer(env);
  running.push(first);

  const heard: { who: 'caller' | 'model'; event: string; payload: any }[] = [];
  const reconnects = { caller: 0, model: 0 };
  const openSocket = async (who: 'caller' | 'model', token: string) => {
    const socket = connect(baseUrl, { path: '/socket.io', query: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    socket.onAny((event: string, payload: unknown) => heard.push({ who, event, payload }));
    socket.io.on('reconnect', () => (reconnects[who] += 1));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const callerSocket = await openSocket('caller', caller.token);
  const modelSocket = await openSocket('model', model.token);

  const initiated = await api('POST', '/masked-call/initiate', caller.token, { modelId: model.user.id });
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
  const callId = initiated.body.data.callId as string;
  const accepted = await api('POST', `/masked-call/accept/${callId}`, model.token);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const connectedAt = Date.parse(accepted.body.data.connectedAt as string);

  // Minute 1 falls due at 5 s of connected time; the server's own job charges it.
  await eventually(async () => expect((await statusOf(callId)).minutesCharged).toBe(1), 10_000);
  expect(await balance()).toBe(19);

  // Killed at ~10 s of connected time: no drain, no socket closed, the database not closed.
  await sleepUntil(connectedAt + 10_000);
  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  await eventually(() => expect(callerSocket.connected || modelSocket.connected).toBe(false), 5000);

  // Started again on the same database (the same DATA_DIR, so the same embedded files).
  const second = await startServer(env).catch((error: unknown) => {
    throw new Error(`the server did not start again on the database of the killed one: ${String(error)}`);
  });
  running.push(second);
  await eventually(() => expect(reconnects).toEqual({ caller: 1, model: 1 }), 15_000);
  // Minute 1, committed before the kill, is still there; the call is still on.
  expect(await statusOf(callId)).toMatchObject({ status: 'connected', minutesCharged: 1, tokensUsed: 1 });

  return { caller, model, callId, connectedAt, api, statusOf, balance, heard, callerSocket, server: second, appOnSameDatabase };
}

describe.concurrent('a server killed (SIGKILL) in the middle of a connected call, then restarted', () => {
  it('resumes billing from the call row: minute 2 charged once, tokens charged equal the minutes due', async () => {
    const { caller, callId, connectedAt, api, statusOf, balance, heard, server, appOnSameDatabase } = await callSurvivingAKill();

    // Minute 2 falls due at 61 s; the restarted server's job charges it from the row's schedule.
    await sleepUntil(connectedAt + 61_000);
    await eventually(async () => expect((await statusOf(callId)).minutesCharged).toBe(2), 8000);
    await sleepUntil(connectedAt + 66_000); // a few more runs of the job: nothing more is due
    const live = await statusOf(callId);
    expect(live.status).toBe('connected');
    expect(live.duration).toBeGreaterThanOrEqual(66);
    expect(live.duration).toBeLessThan(121); // so 2 minutes are due by the server's clock, no more
    expect(live).toMatchObject({ minutesCharged: 2, tokensUsed: 2 });
    expect(await balance()).toBe(18);
    // The caller's reconnected page heard the charge of minute 2 from the new process.
    expect(heard.filter((h) => h.who === 'caller' && h.event === 'call:charged').map((h) => h.payload.minutesCharged)).toContain(2);

    const ended = await api('POST', `/masked-call/end/${callId}`, caller.token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ended', minutesCharged: 2, tokensUsed: 2 });
    expect(ended.body.data.duration).toBeGreaterThanOrEqual(61);
    await eventually(() =>
      expect(heard.filter((h) => h.who === 'model' && h.event === 'call:ended').map((h) => h.payload)).toEqual([
        expect.objectContaining({ callId, finalTokens: 2 }),
      ]),
    );

    // Stopped properly this time, then the books read from the same database.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const checker = await appOnSameDatabase();
    const keys = (
      await checker.ctx.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(like(ledgerTransactions.idempotencyKey, `call:${callId}:%`))
    ).map((r) => r.key);
    expect(keys.sort()).toEqual([`call:${callId}:minute:1`, `call:${callId}:minute:2`]);
    expect(await walletOf(checker, caller)).toBe(18);
    expect(await checker.ctx.ledger.check()).toMatchObject({ ok: true });
  }, 180_000);

  it('still ends the call when the caller leaves after the restart, billed to the instant they left', async () => {
    const { callId, connectedAt, statusOf, balance, heard, callerSocket } = await callSurvivingAKill();

    // The caller closes the page at ~25 s of connected time; 15 s later the call is over. (With Redis,
    // the killed process's counts of their sockets stop counting 10 s after its last heartbeat.)
    await sleepUntil(connectedAt + 25_000);
    callerSocket.disconnect();
    const leftAt = Date.now();
    await eventually(async () => expect((await statusOf(callId)).status).toBe('ended'), 25_000);
    const ended = await statusOf(callId);
    expect(ended).toMatchObject({ endReason: 'caller-left', minutesCharged: 1, tokensUsed: 1 });
    expect(Math.abs(connectedAt + ended.duration * 1000 - leftAt)).toBeLessThan(3000); // billed to when they left
    expect(await balance()).toBe(19);
    expect(heard.filter((h) => h.who === 'model' && h.event === 'call:ended').map((h) => h.payload)).toEqual([
      expect.objectContaining({ callId, finalTokens: 1, reason: 'caller-left' }),
    ]);
  }, 120_000);
});
