import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../../db/schema';
import type { TestApp } from '../../../test-support/harness';
import { callsApp, connectedCall, createCallableModel, createCaller, manualClock, walletOf } from './helpers';

/**
 * The schedule lives in the call's row (docs/product.md#call-billing): a server killed mid-call and
 * started again on the same database charges the minutes due since, once; two nodes racing charge
 * each minute once.
 */
const toClose: TestApp[] = [];
afterAll(async () => {
  for (const app of toClose.reverse()) await app.close();
});

const minuteKeysOf = async (app: TestApp, callId: string) =>
  (
    await app.ctx.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `call:${callId}:%`))
  )
    .map((r) => r.key)
    .sort();

describe('a restart in the middle of a connected call', () => {
  it('charges the minutes due since, once, and never more', async () => {
    const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'cc-calls-restart-'));
    try {
      const clock = manualClock();
      // Always the embedded database on disk here: the point is the same files after a restart.
      const first = await callsApp(clock, { config: { databaseUrl: undefined }, build: { pgliteDir } });
      const model = await createCallableModel(first, { callRate: 100 });
      const caller = await createCaller(first, 20);
      const callId = await connectedCall(first, caller, model);
      clock.seconds(30);
      await first.runJob('calls.billing');
      expect(await minuteKeysOf(first, callId)).toHaveLength(1);
      await first.close();

      clock.seconds(100); // 130 s connected: minutes 1, 2 and 3 are due
      const second = await callsApp(clock, {
        config: { databaseUrl: undefined, jwtSecret: first.config.jwtSecret },
        build: { pgliteDir, pgliteSnapshot: undefined },
      });
      toClose.push(second);
      await second.runJob('calls.billing');
      await second.runJob('calls.billing');
      expect(await minuteKeysOf(second, callId)).toEqual([1, 2, 3].map((k) => `call:${callId}:minute:${k}`));
      expect(await walletOf(second, caller)).toBe(17);

      const status = await second.request('GET', `/api/masked-call/status/${callId}`, { token: caller.token });
      expect(status.body.data).toMatchObject({ status: 'connected', duration: 130, minutesCharged: 3, tokensUsed: 3 });
      const ended = await second.request('POST', `/api/masked-call/end/${callId}`, { token: caller.token });
      expect(ended.body.data).toMatchObject({ status: 'ended', minutesCharged: 3, tokensUsed: 3 });
      expect((await second.ctx.ledger.check()).ok).toBe(true);
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  });
});

/** Two nodes need a shared PostgreSQL: run with DATABASE_URL set (CI's second pass), skipped on PGlite. */
const shared = Boolean(process.env.DATABASE_URL);

describe('two nodes on one database', () => {
  it.runIf(shared)('charge each minute once when both run the job and answer charge requests at once', async () => {
    const clock = manualClock();
    const nodeA = await callsApp(clock);
    toClose.push(nodeA);
    const nodeB = await callsApp(clock, { config: { databaseUrl: nodeA.config.databaseUrl, jwtSecret: nodeA.config.jwtSecret } });
    toClose.push(nodeB);

    const model = await createCallableModel(nodeA, { callRate: 100 });
    const caller = await createCaller(nodeA, 50);
    const callId = await connectedCall(nodeA, caller, model);
    clock.seconds(181); // minutes 1–4 are due

    const charge = (node: TestApp) => node.request('POST', `/api/masked-call/charge/${callId}`, { token: caller.token });
    const [, , ...charges] = await Promise.all([
      nodeA.runJob('calls.billing'),
      nodeB.runJob('calls.billing'),
      charge(nodeA),
      charge(nodeB),
      charge(nodeB),
    ]);
    expect(charges.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(await minuteKeysOf(nodeA, callId)).toHaveLength(4);
    expect(await walletOf(nodeB, caller)).toBe(46);

    // Ending on one node while the other's job runs: one end, no further minute.
    clock.seconds(60);
    const [end] = await Promise.all([
      nodeB.request('POST', `/api/masked-call/end/${callId}`, { token: model.token }),
      nodeA.runJob('calls.billing'),
    ]);
    expect(end.status).toBe(200);
    expect(await minuteKeysOf(nodeA, callId)).toHaveLength(5);
    expect(await walletOf(nodeA, caller)).toBe(45);
    expect((await nodeA.ctx.ledger.check()).ok).toBe(true);
  });
});
