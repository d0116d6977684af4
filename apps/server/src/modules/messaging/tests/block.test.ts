import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { conversationOf, send, sendText, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function pair() {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const conversation = await startConversation(app, alice.token, bob.user.id);
  return { alice, bob, id: conversation._id };
}

it('a block stops both sides sending, each told why, and only the blocker can lift it', async () => {
  const { alice, bob, id } = await pair();
  await sendText(app, bob.token, id, 'Before the block');

  const blocked = await app.request('POST', `/api/conversation/${id}/block`, { token: alice.token });
  expect(blocked.status).toBe(200);
  expect(blocked.body.data).toMatchObject({ _id: id, blockedIds: [bob.user.id], haveBeenBlockStatus: false });
  expect(await conversationOf(app, bob.token, id)).toMatchObject({ blockedIds: [bob.user.id], haveBeenBlockStatus: true });

  const fromBlocker = await send(app, alice.token, { conversationId: id, text: 'Hello?' });
  expect(fromBlocker.status).toBe(403);
  expect(fromBlocker.body).toMatchObject({ code: 'CONVERSATION_BLOCKED', msg: 'You blocked this member. Unblock them to send messages.' });
  const fromBlocked = await send(app, bob.token, { conversationId: id, text: 'Why?' });
  expect(fromBlocked.status).toBe(403);
  expect(fromBlocked.body).toMatchObject({
    code: 'CONVERSATION_BLOCKED',
    msg: 'This member has blocked you, so you cannot send them messages.',
    message: 'This member has blocked you, so you cannot send them messages.',
  });

  // Bob's "unblock" lifts only his own (absent) block; Alice's stays.
  const bobUnblocks = await app.request('POST', `/api/conversation/${id}/unblock`, { token: bob.token });
  expect(bobUnblocks.status).toBe(200);
  expect(bobUnblocks.body.data).toMatchObject({ blockedIds: [bob.user.id], haveBeenBlockStatus: true });
  expect((await send(app, bob.token, { conversationId: id, text: 'Still?' })).status).toBe(403);

  const unblocked = await app.request('POST', `/api/conversation/${id}/unblock`, { token: alice.token });
  expect(unblocked.body.data).toMatchObject({ blockedIds: [], haveBeenBlockStatus: false });
  expect((await send(app, alice.token, { conversationId: id, text: 'Back again' })).status).toBe(201);
  expect((await send(app, bob.token, { conversationId: id, text: 'Welcome back' })).status).toBe(201);

  const history = await app.request('GET', `/api/messages/${id}`, { token: bob.token });
  expect(history.body.data.items.map((m: { text: string }) => m.text)).toEqual(['Welcome back', 'Back again', 'Before the block']);
});

it('both may block each other; sending needs both blocks lifted', async () => {
  const { alice, bob, id } = await pair();
  await app.request('POST', `/api/conversation/${id}/block`, { token: alice.token });
  const both = await app.request('POST', `/api/conversation/${id}/block`, { token: bob.token });
  expect(new Set(both.body.data.blockedIds)).toEqual(new Set([alice.user.id, bob.user.id]));
  expect(both.body.data.haveBeenBlockStatus).toBe(true);

  await app.request('POST', `/api/conversation/${id}/unblock`, { token: alice.token });
  const aliceTries = await send(app, alice.token, { conversationId: id });
  expect(aliceTries.status).toBe(403);
  expect(aliceTries.body.msg).toBe('This member has blocked you, so you cannot send them messages.');
  await app.request('POST', `/api/conversation/${id}/unblock`, { token: bob.token });
  expect((await send(app, alice.token, { conversationId: id })).status).toBe(201);
});

it('refuses to send to a member who deactivated or was suspended', async () => {
  const { alice, bob, id } = await pair();
  await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, bob.user.id));
  const res = await send(app, alice.token, { conversationId: id, text: 'Anyone?' });
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('RECIPIENT_UNAVAILABLE');
  expect((await app.request('GET', `/api/messages/${id}`, { token: alice.token })).body.data.count).toBe(0);
});
