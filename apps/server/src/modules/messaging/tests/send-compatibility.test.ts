import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, fund, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** POST /api/messages with exactly this body: no helper adds a clientId. */
const post = (token: string, body: Record<string, unknown>) => app.request('POST', '/api/messages', { token, body });

it('a message sent as the spec allows, { conversationId, type, text }, is stored with an id the server made', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: conversationId } = await startConversation(app, alice.token, bob.user.id);

  const res = await post(alice.token, { conversationId, type: 'text', text: 'No client id here' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data).toMatchObject({ conversationId, type: 'text', text: 'No client id here', price: 0 });
  expect(res.body.data.clientId).toMatch(UUID);

  // `type` may be left out too: a message is text unless it says otherwise.
  const bare = await post(alice.token, { conversationId, text: 'Just text' });
  expect(bare.status, JSON.stringify(bare.body)).toBe(201);
  expect(bare.body.data).toMatchObject({ type: 'text', text: 'Just text' });

  const page = await app.request('GET', `/api/messages/${conversationId}`, { token: bob.token });
  expect(page.body.data.items.map((m: { text: string }) => m.text)).toEqual(['Just text', 'No client id here']);
});

it("a paid message without clientId costs exactly the model's price", async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 125 });
  await fund(app, member.user.id, 1_000); // 10.00 tokens
  const { _id: conversationId } = await startConversation(app, member.token, model.user.id);

  const res = await post(member.token, { conversationId, type: 'text', text: 'Hello, paid' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.price).toBe(1.25);
  expect(await balanceOf(app, member.token)).toBe(8.75);
  expect(await balanceOf(app, model.token)).toBe(1);
});

it('without a clientId every request is a new message, charged once each', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 100 });
  await fund(app, member.user.id, 1_000);
  const { _id: conversationId } = await startConversation(app, member.token, model.user.id);

  const first = await post(member.token, { conversationId, text: 'Twice?' });
  const second = await post(member.token, { conversationId, text: 'Twice?' });
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(first.body.data._id).not.toBe(second.body.data._id);
  expect(first.body.data.clientId).not.toBe(second.body.data.clientId);
  expect(await balanceOf(app, member.token)).toBe(8);
});

it('with the same clientId twice: one message, one charge', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 100 });
  await fund(app, member.user.id, 1_000);
  const { _id: conversationId } = await startConversation(app, member.token, model.user.id);
  const clientId = crypto.randomUUID();

  const first = await post(member.token, { conversationId, clientId, type: 'text', text: 'Once' });
  const retry = await post(member.token, { conversationId, clientId, type: 'text', text: 'Once' });
  expect([first.status, retry.status]).toEqual([201, 200]);
  expect(retry.body.data).toEqual(first.body.data);
  expect(retry.body.data.price).toBe(1);
  expect(await app.ctx.db.select().from(messages).where(eq(messages.clientId, clientId))).toHaveLength(1);
  expect(await balanceOf(app, member.token)).toBe(9);
});

it('documents the compatibility rule on the route', async () => {
  const docs = await app.request('GET', '/api/docs/json');
  const send = docs.body.paths['/api/messages'].post;
  expect(send.description).toContain('clientId');
  expect(send.requestBody.content['application/json'].schema.required).toEqual(['conversationId']);
});
