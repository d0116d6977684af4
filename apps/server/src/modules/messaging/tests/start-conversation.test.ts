import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { sendText, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('creates a conversation once: 201 the first time, 200 with the same one after, from either side', async () => {
  const alice = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 250 });

  const first = await app.request('POST', '/api/conversation', { token: alice.token, body: { userId: model.user.id } });
  expect(first.status).toBe(201);
  expect(first.body.data).toMatchObject({
    recipient: { _id: model.user.id, username: model.user.username, type: 'model', tokenPerMessage: 2.5, isOnline: false },
    blockedIds: [],
    haveBeenBlockStatus: false,
    unreadMessageCount: 0,
    lastMessage: null,
    lastMessageId: null,
  });

  const again = await app.request('POST', '/api/conversation', { token: alice.token, body: { userId: model.user.id } });
  expect(again.status).toBe(200);
  // The existing conversation, its amounts in tokens as in the first answer.
  expect(again.body.data).toEqual(first.body.data);

  const fromModel = await app.request('POST', '/api/conversation', { token: model.token, body: { userId: alice.user.id } });
  expect(fromModel.status).toBe(200);
  expect(fromModel.body.data._id).toBe(first.body.data._id);
  expect(fromModel.body.data.recipient._id).toBe(alice.user.id);
});

it('two simultaneous starts of the same pair make one conversation', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const answers = await Promise.all([
    app.request('POST', '/api/conversation', { token: alice.token, body: { userId: bob.user.id } }),
    app.request('POST', '/api/conversation', { token: bob.token, body: { userId: alice.user.id } }),
    app.request('POST', '/api/conversation', { token: alice.token, body: { userId: bob.user.id } }),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
  expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
});

it('refuses yourself with 422, and members others cannot find with 404', async () => {
  const alice = await createMember(app);
  const self = await app.request('POST', '/api/conversation', { token: alice.token, body: { userId: alice.user.id } });
  expect(self.status).toBe(422);
  expect(self.body.msg).toBe('You cannot start a conversation with yourself.');

  const hidden = [
    await createMember(app, { emailVerifiedAt: null }),
    await createMember(app, { status: 'deactivated' }),
    await createMember(app, { status: 'suspended' }),
    await createAdmin(app),
    await createModel(app, { modelStatus: 'pending' }),
    await createModel(app, { modelStatus: 'refused' }),
  ];
  for (const other of hidden) {
    const res = await app.request('POST', '/api/conversation', { token: alice.token, body: { userId: other.user.id } });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('That member was not found.');
  }
  const list = await app.request('GET', '/api/conversation', { token: alice.token });
  expect(list.body.data.count).toBe(0);
});

it('lists conversations most recent first, filters by name or username, and pages', async () => {
  const viewer = await createMember(app);
  const zoe = await createMember(app, { name: 'Zoë Lindqvist' });
  const max = await createMember(app, { name: 'Max Power', username: `max_${Date.now()}` });
  const kim = await createMember(app, { name: 'Kim Lee' });
  const withZoe = await startConversation(app, viewer.token, zoe.user.id);
  const withMax = await startConversation(app, viewer.token, max.user.id);
  const withKim = await startConversation(app, viewer.token, kim.user.id);
  await sendText(app, zoe.token, withZoe._id, 'Newest of all');

  const list = await app.request('GET', '/api/conversation', { token: viewer.token });
  expect(list.body.data.count).toBe(3);
  // Zoë wrote last; the others have no messages and come by creation, newest first.
  expect(list.body.data.items.map((c: { _id: string }) => c._id)).toEqual([withZoe._id, withKim._id, withMax._id]);
  expect(list.body.data.items[0]).toMatchObject({ lastMessage: { text: 'Newest of all' }, unreadMessageCount: 1 });

  const byName = await app.request('GET', '/api/conversation?q=LINDQ', { token: viewer.token });
  expect(byName.body.data.items.map((c: { _id: string }) => c._id)).toEqual([withZoe._id]);
  const byUsername = await app.request('GET', `/api/conversation?q=${max.user.username.toUpperCase()}`, { token: viewer.token });
  expect(byUsername.body.data).toMatchObject({ count: 1, items: [{ _id: withMax._id }] });
  const wildcard = await app.request('GET', '/api/conversation?q=%25', { token: viewer.token });
  expect(wildcard.body.data.count).toBe(0);

  const page = await app.request('GET', '/api/conversation?limit=1&skip=1', { token: viewer.token });
  expect(page.body.data).toMatchObject({ count: 3, items: [{ _id: withKim._id }] });
});

it('deleting hides the conversation for the requester only, until a new message or a new start', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const conversation = await startConversation(app, alice.token, bob.user.id);
  await sendText(app, bob.token, conversation._id, 'Before hiding');

  const hidden = await app.request('DELETE', `/api/conversation/${conversation._id}`, { token: alice.token });
  expect(hidden.status).toBe(200);
  expect((await app.request('GET', '/api/conversation', { token: alice.token })).body.data.count).toBe(0);
  // Bob still has it, and the history is intact for both.
  expect((await app.request('GET', '/api/conversation', { token: bob.token })).body.data.count).toBe(1);
  expect((await app.request('GET', `/api/messages/${conversation._id}`, { token: alice.token })).body.data.count).toBe(1);

  await sendText(app, bob.token, conversation._id, 'Are you there?');
  const back = await app.request('GET', '/api/conversation', { token: alice.token });
  expect(back.body.data.items).toMatchObject([{ _id: conversation._id, unreadMessageCount: 1 }]);

  await app.request('DELETE', `/api/conversation/${conversation._id}`, { token: alice.token });
  expect((await app.request('GET', '/api/conversation', { token: alice.token })).body.data.count).toBe(0);
  const restarted = await app.request('POST', '/api/conversation', { token: alice.token, body: { userId: bob.user.id } });
  expect(restarted.status).toBe(200);
  expect((await app.request('GET', '/api/conversation', { token: alice.token })).body.data.items).toMatchObject([
    { _id: conversation._id },
  ]);
});
