import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerTransactions, messages } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, fund, send, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const storedWith = (clientId: string) => app.ctx.db.select().from(messages).where(eq(messages.clientId, clientId));
const chargesFor = (senderId: string, clientId: string) =>
  app.ctx.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `message:${senderId}:${clientId}`));

async function paidConversation(price: number, funds: number) {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: price });
  await fund(app, member.user.id, funds);
  const conversation = await startConversation(app, member.token, model.user.id);
  return { member, model, id: conversation._id };
}

it('a retried send answers the stored message with 200 and charges nothing more', async () => {
  const { member, id } = await paidConversation(100, 1_000);
  const clientId = randomUUID();
  const first = await send(app, member.token, { conversationId: id, clientId, text: 'Once only' });
  expect(first.status).toBe(201);
  const retry = await send(app, member.token, { conversationId: id, clientId, text: 'Once only' });
  expect(retry.status).toBe(200);
  expect(retry.body.data).toEqual(first.body.data);

  expect(await storedWith(clientId)).toHaveLength(1);
  expect(await chargesFor(member.user.id, clientId)).toHaveLength(1);
  expect(await balanceOf(app, member.token)).toBe(9);
});

it('five identical sends at once store one message and charge once', async () => {
  const { member, model, id } = await paidConversation(100, 1_000);
  const clientId = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => send(app, member.token, { conversationId: id, clientId, text: 'Racing' })),
  );

  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
  expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
  expect(await storedWith(clientId)).toHaveLength(1);
  expect(await chargesFor(member.user.id, clientId)).toHaveLength(1);
  expect(await balanceOf(app, member.token)).toBe(9);
  expect((await app.request('GET', '/api/earning', { token: model.token })).body.data.count).toBe(1);
});

it('a free message retried after the model set a price is answered as stored, and charges nothing', async () => {
  const { member, model, id } = await paidConversation(0, 1_000);
  const clientId = randomUUID();
  const first = await send(app, member.token, { conversationId: id, clientId, text: 'Sent while free' });
  expect(first.status).toBe(201);
  const priced = await app.request('PUT', '/api/users/token-per-message', { token: model.token, body: { token: 2 } });
  expect(priced.status).toBe(200);

  const retry = await send(app, member.token, { conversationId: id, clientId, text: 'Sent while free' });
  expect(retry.status).toBe(200);
  expect(retry.body.data).toEqual(first.body.data);
  expect(await storedWith(clientId)).toHaveLength(1);
  expect(await chargesFor(member.user.id, clientId)).toEqual([]);
  expect(await balanceOf(app, member.token)).toBe(10);
});

it('the same client id from two senders is two messages; reused in another conversation it is refused', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const carol = await createMember(app);
  const withBob = await startConversation(app, alice.token, bob.user.id);
  const withCarol = await startConversation(app, alice.token, carol.user.id);
  const clientId = randomUUID();

  expect((await send(app, alice.token, { conversationId: withBob._id, clientId })).status).toBe(201);
  expect((await send(app, bob.token, { conversationId: withBob._id, clientId })).status).toBe(201);
  const reused = await send(app, alice.token, { conversationId: withCarol._id, clientId });
  expect(reused.status).toBe(409);
  expect((await app.request('GET', `/api/messages/${withCarol._id}`, { token: carol.token })).body.data.count).toBe(0);
});

it('another text under a used client id is refused with 409, not answered with the first message', async () => {
  const { member, model, id } = await paidConversation(100, 1_000);
  const clientId = randomUUID();
  expect((await send(app, member.token, { conversationId: id, clientId, text: 'Hello' })).status).toBe(201);

  const other = await send(app, member.token, { conversationId: id, clientId, text: 'Something else entirely' });
  expect(other.status).toBe(409);
  expect(other.body.msg).toBe('This clientId was already used for a different message. Make a new one for each message.');
  const stored = await storedWith(clientId);
  expect(stored.map((row) => row.text)).toEqual(['Hello']);
  expect(await chargesFor(member.user.id, clientId)).toHaveLength(1);
  expect(await balanceOf(app, member.token)).toBe(9);
  const history = await app.request('GET', `/api/messages/${id}`, { token: model.token });
  expect(history.body.data.items.map((message: { text: string }) => message.text)).toEqual(['Hello']);
});
