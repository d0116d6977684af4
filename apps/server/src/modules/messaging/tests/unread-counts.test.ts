import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { conversationOf, sendText, startConversation, unreadTotal } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('counts unread exactly per conversation and in total; reading brings one to 0', async () => {
  const viewer = await createMember(app);
  const ann = await createMember(app);
  const ben = await createMember(app);
  const withAnn = await startConversation(app, ann.token, viewer.user.id);
  const withBen = await startConversation(app, ben.token, viewer.user.id);

  for (let i = 0; i < 3; i++) await sendText(app, ann.token, withAnn._id, `Ann ${i}`);
  for (let i = 0; i < 2; i++) await sendText(app, ben.token, withBen._id, `Ben ${i}`);
  // The viewer's own messages never count as unread for them.
  await sendText(app, viewer.token, withAnn._id, 'My reply');

  expect((await conversationOf(app, viewer.token, withAnn._id)).unreadMessageCount).toBe(3);
  expect((await conversationOf(app, viewer.token, withBen._id)).unreadMessageCount).toBe(2);
  expect(await unreadTotal(app, viewer.token)).toBe(5);
  // Ann has one unread: the viewer's reply.
  expect(await unreadTotal(app, ann.token)).toBe(1);

  const read = await app.request('POST', `/api/conversation/${withAnn._id}/read`, { token: viewer.token });
  expect(read.status).toBe(200);
  const newest = (await app.request('GET', `/api/messages/${withAnn._id}?limit=1`, { token: viewer.token })).body.data.items[0];
  expect(read.body.data).toEqual({ conversationId: withAnn._id, readSeq: newest.seq, unreadMessageCount: 0, totalUnread: 2 });
  expect((await conversationOf(app, viewer.token, withAnn._id)).unreadMessageCount).toBe(0);
  expect(await unreadTotal(app, viewer.token)).toBe(2);
  // Ann sees how far the viewer read: her messages up to it are seen.
  expect((await conversationOf(app, ann.token, withAnn._id)).recipientReadSeq).toBe(newest.seq);

  // Reading again changes nothing; a new message counts again.
  await app.request('POST', `/api/conversation/${withAnn._id}/read`, { token: viewer.token });
  await sendText(app, ann.token, withAnn._id, 'One more');
  expect(await unreadTotal(app, viewer.token)).toBe(3);
});

it('deleting an unread message lowers the counts; deleting a read one changes nothing', async () => {
  const viewer = await createMember(app);
  const sender = await createMember(app);
  const conversation = await startConversation(app, sender.token, viewer.user.id);
  const first = await sendText(app, sender.token, conversation._id, 'Read soon');
  await app.request('POST', `/api/conversation/${conversation._id}/read`, { token: viewer.token });
  const second = await sendText(app, sender.token, conversation._id, 'Oops');
  await sendText(app, sender.token, conversation._id, 'Kept');
  expect(await unreadTotal(app, viewer.token)).toBe(2);

  expect((await app.request('DELETE', `/api/messages/${second._id}`, { token: sender.token })).status).toBe(200);
  expect(await unreadTotal(app, viewer.token)).toBe(1);
  expect((await conversationOf(app, viewer.token, conversation._id)).unreadMessageCount).toBe(1);

  await app.request('DELETE', `/api/messages/${first._id}`, { token: sender.token });
  expect(await unreadTotal(app, viewer.token)).toBe(1);
});

it('hiding a conversation marks it read', async () => {
  const viewer = await createMember(app);
  const sender = await createMember(app);
  const conversation = await startConversation(app, sender.token, viewer.user.id);
  await sendText(app, sender.token, conversation._id, 'Hi');
  await sendText(app, sender.token, conversation._id, 'Hello?');
  expect(await unreadTotal(app, viewer.token)).toBe(2);
  await app.request('DELETE', `/api/conversation/${conversation._id}`, { token: viewer.token });
  expect(await unreadTotal(app, viewer.token)).toBe(0);
});
