import { publicUserSchema, type Conversation, type Message } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { next, send, sendText, socketServer, startConversation } from './helpers';

// docs/product.md#messaging: conversations carry both members' public profiles, messages their sender's.

let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
beforeAll(async () => {
  app = await createTestApp();
  sockets = await socketServer(app);
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

type Person = Awaited<ReturnType<typeof createMember>>;
const profileOf = ({ user }: Person) => ({ _id: user.id, username: user.username, name: user.name, type: user.type });

function expectPublicProfile(value: unknown, person: Person) {
  expect(publicUserSchema.strict().parse(value)).toMatchObject(profileOf(person));
}

function expectMembers(conversation: { members: unknown[] }, viewer: Person, other: Person) {
  expect(conversation.members).toHaveLength(2);
  expectPublicProfile(conversation.members[0], viewer);
  expectPublicProfile(conversation.members[1], other);
}

it('a conversation carries both members, viewer first, when created, read alone and listed', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 0 });
  const created = await startConversation(app, member.token, model.user.id);
  expectMembers(created, member, model);

  await sendText(app, member.token, created._id, 'Hi');
  const single = await app.request('GET', `/api/conversation/${created._id}`, { token: model.token });
  expectMembers(single.body.data, model, member);
  expectPublicProfile(single.body.data.lastMessage.sender, member);

  const list = await app.request('GET', '/api/conversation', { token: member.token });
  const listed = (list.body.data.items as Conversation[]).find((c) => c._id === created._id)!;
  expectMembers(listed, member, model);
  expectPublicProfile(listed.lastMessage!.sender, member);
});

it('a message carries its sender in the POST answer, the history, the latest list and the bookmarks', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 0 });
  const { _id: id } = await startConversation(app, member.token, model.user.id);

  const sent = await send(app, member.token, { conversationId: id, text: 'From the member' });
  expect(sent.status).toBe(201);
  expectPublicProfile(sent.body.data.sender, member);
  const reply = await sendText(app, model.token, id, 'From the model');
  expectPublicProfile(reply.sender, model);

  const history = await app.request('GET', `/api/messages/${id}`, { token: member.token });
  const byText = new Map((history.body.data.items as Message[]).map((m) => [m.text, m]));
  expectPublicProfile(byText.get('From the member')!.sender, member);
  expectPublicProfile(byText.get('From the model')!.sender, model);

  const latest = await app.request('GET', '/api/messages/latest', { token: member.token });
  const fromModel = (latest.body.data.items as Message[]).find((m) => m._id === reply._id)!;
  expectPublicProfile(fromModel.sender, model);

  const marked = await app.request('POST', '/api/messages/bookmark', { token: member.token, body: { messageId: reply._id } });
  expect(marked.status).toBe(201);
  const bookmarks = await app.request('GET', '/api/messages/bookmark/search', { token: member.token });
  expectPublicProfile(bookmarks.body.data.items[0].message.sender, model);
});

it('message:created carries the sender, and the conversation both members, to both sides', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 0 });
  const { _id: id } = await startConversation(app, member.token, model.user.id);
  const [memberTab, modelTab] = await Promise.all([sockets.connected(member.token), sockets.connected(model.token)]);
  const [toMember, toModel] = [next(memberTab, 'message:created'), next(modelTab, 'message:created')];

  await sendText(app, member.token, id, 'Live');
  for (const [payload, viewer, other] of [
    [await toMember, member, model],
    [await toModel, model, member],
  ] as const) {
    expectPublicProfile(payload.message.sender, member);
    expectMembers(payload.conversation, viewer, other);
  }
});

it('a profile change shows in the next answer at once (an update forgets the remembered profile)', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 0 });
  const { _id: id } = await startConversation(app, member.token, model.user.id);
  expect((await sendText(app, member.token, id, 'Before')).sender.name).toBe(member.user.name);
  await app.ctx.db.update(users).set({ name: 'Renamed Member' }).where(eq(users.id, member.user.id));
  // What the accounts module publishes after every profile change.
  app.ctx.events.publish('user.updated', { userId: member.user.id });
  expect((await sendText(app, member.token, id, 'After')).sender.name).toBe('Renamed Member');
});
