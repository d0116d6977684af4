import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earnings } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';
import { fund, ledgerOf, tip } from './helpers';

let app: TestApp;
beforeAll(async () => {
  // Fifty tips from one member at once: raise the per-member limit so only the balance decides.
  app = await createTestApp({ config: { rateLimitScale: 10 } });
});
afterAll(() => app.close());

it('50 tips at once against a balance that covers 10: exactly 10 pass, 40 get 402, nothing overdraws', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 10 * 250);

  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 50 }, () => tip(app, member.token, { modelId: model.user.id, amount: 2.5 })));
  const elapsed = performance.now() - started;
  console.info(`[wallet] 50 concurrent tips on ${app.ctx.database.kind}: ${elapsed.toFixed(0)} ms`);

  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.filter((s) => s === 402)).toHaveLength(40);
  for (const refused of answers.filter((a) => a.status === 402)) expect(refused.body.code).toBe('INSUFFICIENT_TOKENS');

  const ledger = ledgerOf(app);
  expect(await ledger.balanceOf(member.user.id)).toBe(0);
  expect(await ledger.balanceOf(model.user.id)).toBe(10 * 200);
  expect(await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id))).toHaveLength(10);
  expect(await ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
});

it('the same key sent 5 times at once charges once and answers the same transaction to all', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000);

  const idempotencyKey = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => tip(app, member.token, { modelId: model.user.id, amount: 3, idempotencyKey })),
  );
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
  expect(new Set(answers.map((a) => a.body.data.transactionId)).size).toBe(1);

  const ledger = ledgerOf(app);
  expect(await ledger.balanceOf(member.user.id)).toBe(700);
  expect(await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id))).toHaveLength(1);
  expect((await ledger.check()).ok).toBe(true);
});

it('the same key sent 5 times at once with tokens for one tip: all five answer that tip, none is refused', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 300);

  // The retries wait for the first tip's accounts; by then the balance is spent, and the key is what answers.
  const idempotencyKey = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => tip(app, member.token, { modelId: model.user.id, amount: 3, idempotencyKey })),
  );
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
  expect(new Set(answers.map((a) => a.body.data.transactionId)).size).toBe(1);
  expect(await ledgerOf(app).balanceOf(member.user.id)).toBe(0);
  expect(await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id))).toHaveLength(1);
});

it('tips from many members to one model at once all land (the shared accounts take turns, never deadlock)', async () => {
  const model = await createModel(app);
  const members = await Promise.all(Array.from({ length: 20 }, () => createMember(app)));
  await Promise.all(members.map((m) => fund(app, m.user.id, 500)));

  // Half also tip each other's model in reverse order, so lock orders would cross if not sorted.
  const other = await createModel(app);
  const answers = await Promise.all(
    members.flatMap((m, i) => [
      tip(app, m.token, { modelId: i % 2 ? model.user.id : other.user.id, amount: 1 }),
      tip(app, m.token, { modelId: i % 2 ? other.user.id : model.user.id, amount: 1 }),
    ]),
  );
  expect(answers.every((a) => a.status === 201)).toBe(true);
  const ledger = ledgerOf(app);
  expect((await ledger.balanceOf(model.user.id)) + (await ledger.balanceOf(other.user.id))).toBe(40 * 80);
  expect((await ledger.check()).ok).toBe(true);
});
