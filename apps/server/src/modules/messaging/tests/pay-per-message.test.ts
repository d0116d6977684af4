import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, fund, send, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it("a member's message to a model costs exactly the model's price, and the model's earning shows it", async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 250 });
  await fund(app, member.user.id, 1_000);
  const { _id: id } = await startConversation(app, member.token, model.user.id);

  const res = await send(app, member.token, { conversationId: id, text: 'Hi there' });
  expect(res.status).toBe(201);
  // 2.50 tokens a message, from 10.00 tokens: the answer and the balance say tokens.
  expect(res.body.data).toMatchObject({ text: 'Hi there', price: 2.5 });
  expect(await balanceOf(app, member.token)).toBe(7.5);

  const earnings = await app.request('GET', '/api/earning', { token: model.token });
  expect(earnings.status).toBe(200);
  // Default commission 20 %: the model nets 2.00 of the 2.50 paid.
  expect(earnings.body.data.items).toMatchObject([
    { source: 'message', gross: 2.5, commission: 0.5, net: 2, payer: { _id: member.user.id } },
  ]);
  expect(await balanceOf(app, model.token)).toBe(2);
});

it('answers 402 saying what is needed when the member is short, and stores nothing', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 300 });
  await fund(app, member.user.id, 299);
  const { _id: id } = await startConversation(app, member.token, model.user.id);

  const clientId = randomUUID();
  const res = await send(app, member.token, { conversationId: id, clientId, text: 'Can I afford this?' });
  expect(res.status).toBe(402);
  expect(res.body).toMatchObject({
    code: 'INSUFFICIENT_TOKENS',
    msg: 'You need 3.00 tokens for this but have 2.99.',
    message: 'You need 3.00 tokens for this but have 2.99.',
    details: { needed: 3, balance: 2.99 },
  });
  expect(await balanceOf(app, member.token)).toBe(2.99);
  expect((await app.request('GET', `/api/messages/${id}`, { token: model.token })).body.data.count).toBe(0);
  const conversation = await app.request('GET', `/api/conversation/${id}`, { token: model.token });
  expect(conversation.body.data).toMatchObject({ lastMessageId: null, unreadMessageCount: 0 });
  expect((await app.request('GET', '/api/earning', { token: model.token })).body.data.count).toBe(0);

  // Topped up, the very same send (same client id) goes through, charged once.
  await fund(app, member.user.id, 1);
  const paid = await send(app, member.token, { conversationId: id, clientId, text: 'Can I afford this?' });
  expect(paid.status).toBe(201);
  expect(paid.body.data.price).toBe(3);
  expect(await balanceOf(app, member.token)).toBe(0);
});

it('model to member, member to member and messages to a free model cost nothing', async () => {
  const member = await createMember(app);
  const friend = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 500 });
  const freeModel = await createModel(app, { tokenPerMessage: 0 });
  const withModel = await startConversation(app, model.token, member.user.id);
  const withFriend = await startConversation(app, member.token, friend.user.id);
  const withFreeModel = await startConversation(app, member.token, freeModel.user.id);

  for (const [token, conversationId] of [
    [model.token, withModel._id],
    [member.token, withFriend._id],
    [friend.token, withFriend._id],
    [member.token, withFreeModel._id],
  ] as const) {
    const res = await send(app, token, { conversationId, text: 'Free?' });
    expect(res.status).toBe(201);
    expect(res.body.data.price).toBe(0);
  }
  expect(await balanceOf(app, member.token)).toBe(0);
  expect((await app.request('GET', '/api/earning', { token: model.token })).body.data.count).toBe(0);
});

it('a model not yet approved sells nothing: replying to them is free', async () => {
  const member = await createMember(app);
  const pending = await createModel(app, { modelStatus: 'pending', tokenPerMessage: 400 });
  const { _id: id } = await startConversation(app, pending.token, member.user.id);
  const reply = await send(app, member.token, { conversationId: id, text: 'Hi' });
  expect(reply.status).toBe(201);
  expect(reply.body.data.price).toBe(0);
});

it('the model who received a paid message sees what she earned from it; the sender sees what he paid', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 250 });
  await fund(app, member.user.id, 1_000);
  const { _id: id } = await startConversation(app, member.token, model.user.id);
  const sent = await send(app, member.token, { conversationId: id, text: 'Worth it' });
  expect(sent.body.data).toMatchObject({ price: 2.5, earned: null });
  await send(app, model.token, { conversationId: id, text: 'Thank you!' });

  // 20 % commission: 2.00 of the 2.50 reaches her.
  const hers = await app.request('GET', `/api/messages/${id}`, { token: model.token });
  expect(hers.body.data.items).toMatchObject([
    { text: 'Thank you!', price: 0, earned: null },
    { text: 'Worth it', price: 2.5, earned: 2 },
  ]);
  const his = await app.request('GET', `/api/messages/${id}`, { token: member.token });
  expect(his.body.data.items.map((m: { earned: number | null }) => m.earned)).toEqual([null, null]);

  const bookmarked = await app.request('POST', '/api/messages/bookmark', { token: model.token, body: { messageId: sent.body.data._id } });
  expect(bookmarked.status).toBe(201);
  const bookmarks = await app.request('GET', '/api/messages/bookmark/search', { token: model.token });
  expect(bookmarks.body.data.items).toMatchObject([{ message: { text: 'Worth it', price: 2.5, earned: 2 } }]);
});
