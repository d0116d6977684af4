import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earnings, messages } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, conversationOf, fund, send, startConversation } from './helpers';

/**
 * Paid sends that arrive together are charged and stored together (message-charges.service.ts
 * `chargeAndStoreMany`). Each must still be answered as if it were alone: charged once at its
 * price, refused with its own 402 when its sender is short, and answered as a retry when repeated.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('many members paying one model at once are each charged once, and the model earns every message', async () => {
  const model = await createModel(app, { tokenPerMessage: 150 });
  const members = await Promise.all(Array.from({ length: 8 }, () => createMember(app)));
  await Promise.all(members.map((member) => fund(app, member.user.id, 1_000)));
  const conversations = await Promise.all(members.map((member) => startConversation(app, member.token, model.user.id)));

  // Three messages from each member, all at once.
  const sends = members.flatMap((member, index) =>
    [1, 2, 3].map((n) => ({ token: member.token, conversationId: conversations[index]!._id, text: `Message ${n}` })),
  );
  const answers = await Promise.all(sends.map(({ token, ...body }) => send(app, token, body)));
  expect(answers.map((answer) => answer.status)).toEqual(sends.map(() => 201));
  expect(answers.map((answer) => answer.body.data.price)).toEqual(sends.map(() => 1.5));

  // 10.00 - 3 × 1.50 each; the model nets 80 % of 36.00.
  expect(await Promise.all(members.map((member) => balanceOf(app, member.token)))).toEqual(members.map(() => 5.5));
  expect(await balanceOf(app, model.token)).toBe(28.8);

  const ids = answers.map((answer) => answer.body.data._id as string);
  const stored = await app.ctx.db.select().from(messages).where(inArray(messages.id, ids));
  expect(stored).toHaveLength(sends.length);
  const transactionIds = stored.map((row) => row.transactionId!);
  expect(new Set(transactionIds).size).toBe(sends.length);
  const earned = await app.ctx.db.select().from(earnings).where(inArray(earnings.transactionId, transactionIds));
  expect(earned.map((row) => [row.gross, row.commission, row.net])).toEqual(sends.map(() => [150, 30, 120]));

  for (const conversation of conversations) expect((await conversationOf(app, model.token, conversation._id)).unreadMessageCount).toBe(3);
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
});

it('a member with tokens for two of three messages sent at once gets two stored and one 402', async () => {
  const model = await createModel(app, { tokenPerMessage: 200 });
  const short = await createMember(app);
  const funded = await createMember(app);
  await fund(app, short.user.id, 500);
  await fund(app, funded.user.id, 1_000);
  const withShort = (await startConversation(app, short.token, model.user.id))._id;
  const withFunded = (await startConversation(app, funded.token, model.user.id))._id;

  const [shortAnswers, fundedAnswers] = await Promise.all([
    Promise.all([1, 2, 3].map((n) => send(app, short.token, { conversationId: withShort, text: `Short ${n}` }))),
    Promise.all([1, 2, 3].map((n) => send(app, funded.token, { conversationId: withFunded, text: `Funded ${n}` }))),
  ]);
  expect(shortAnswers.map((answer) => answer.status).sort()).toEqual([201, 201, 402]);
  expect(shortAnswers.find((answer) => answer.status === 402)!.body).toMatchObject({
    code: 'INSUFFICIENT_TOKENS',
    msg: 'You need 2.00 tokens for this but have 1.00.',
    message: 'You need 2.00 tokens for this but have 1.00.',
  });
  expect(fundedAnswers.map((answer) => answer.status)).toEqual([201, 201, 201]);

  expect(await balanceOf(app, short.token)).toBe(1);
  expect(await balanceOf(app, funded.token)).toBe(4);
  expect((await app.request('GET', `/api/messages/${withShort}`, { token: model.token })).body.data.count).toBe(2);
  expect((await conversationOf(app, model.token, withShort)).unreadMessageCount).toBe(2);
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
});

it('the same paid send made three times at once is stored and charged once, and every copy gets that message', async () => {
  const model = await createModel(app, { tokenPerMessage: 100 });
  const member = await createMember(app);
  await fund(app, member.user.id, 1_000);
  const conversationId = (await startConversation(app, member.token, model.user.id))._id;

  const clientId = randomUUID();
  const copies = await Promise.all([1, 2, 3].map(() => send(app, member.token, { conversationId, clientId, text: 'Only once' })));
  expect(copies.map((copy) => copy.status).sort()).toEqual([200, 200, 201]);
  expect(new Set(copies.map((copy) => copy.body.data._id)).size).toBe(1);
  expect(await balanceOf(app, member.token)).toBe(9);
  expect((await app.request('GET', `/api/messages/${conversationId}`, { token: model.token })).body.data.count).toBe(1);
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
});
