import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { allOf, connectSocket, contactAdded, isOnline, unreadCountOf, waitForNotifications } from './helpers';

/** A socket's arrival or departure reaches presence (Redis with REDIS_URL) within moments; a busy CI machine may take seconds. */
const PRESENCE_SETTLES = { timeout: 5000, interval: 20 };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** A message sent, as the messaging module announces it after commit. */
function messageSent(conversationId: string, sender: { id: string }, recipient: { id: string }) {
  const messageId = randomUUID();
  const message = {
    id: messageId,
    seq: 1,
    conversationId,
    senderId: sender.id,
    clientId: randomUUID(),
    type: 'text' as const,
    text: 'Hello',
    fileId: null,
    price: 0,
    transactionId: null,
    createdAt: new Date(),
    deletedAt: null,
  };
  app.ctx.events.publish('message.created', {
    messageId,
    conversationId,
    senderId: sender.id,
    recipientId: recipient.id,
    message,
    file: null,
    recipientEarned: null,
  });
}

it('tells an away recipient about a message, but not one with a tab open', async () => {
  const sender = await createMember(app, { name: 'Ada Lovelace' });
  const recipient = await createModel(app);
  const conversationId = randomUUID();

  const tab = await connectSocket(app, recipient.token);
  await vi.waitFor(async () => expect(await isOnline(app, recipient.user.id)).toBe(true), PRESENCE_SETTLES);
  messageSent(conversationId, sender.user, recipient.user);
  // Another cause afterwards: by the time it shows, a message notification would have shown too.
  contactAdded(app, (await createMember(app)).user, recipient.user);
  expect((await waitForNotifications(app, recipient.token, 1)).items.map((n) => n.type)).toEqual(['contact']);

  tab.disconnect();
  await vi.waitFor(async () => expect(await isOnline(app, recipient.user.id)).toBe(false), PRESENCE_SETTLES);
  messageSent(conversationId, sender.user, recipient.user);
  const [notification] = (await waitForNotifications(app, recipient.token, 2)).items;
  expect(notification).toMatchObject({
    type: 'message',
    text: 'Ada Lovelace sent you a message',
    link: `/messages/${conversationId}`,
    actor: { _id: sender.user.id, name: 'Ada Lovelace' },
    read: false,
  });
});

it('keeps one unread message notification per conversation until it is read', async () => {
  const sender = await createMember(app);
  const other = await createMember(app);
  const recipient = await createMember(app);
  const [first, second] = [randomUUID(), randomUUID()];

  messageSent(first, sender.user, recipient.user);
  await waitForNotifications(app, recipient.token, 1);
  messageSent(first, sender.user, recipient.user);
  messageSent(first, sender.user, recipient.user);
  // Another conversation does get its own.
  messageSent(second, other.user, recipient.user);
  const both = await waitForNotifications(app, recipient.token, 2);
  expect(both.items.map((n) => n.link).sort()).toEqual([`/messages/${first}`, `/messages/${second}`].sort());

  const firstOne = both.items.find((n) => n.link === `/messages/${first}`)!;
  expect((await app.request('PUT', `/api/notifications/read/${firstOne._id}`, { token: recipient.token })).status).toBe(200);
  messageSent(first, sender.user, recipient.user);
  const after = await waitForNotifications(app, recipient.token, 3);
  expect(after.items.filter((n) => n.link === `/messages/${first}`).map((n) => n.read)).toEqual([false, true]);
  expect((await allOf(app, sender.token)).count).toBe(0);
});

it('reading the conversation answers its message notification, on the bell of every tab too', async () => {
  const sender = await createMember(app, { name: 'Grace Hopper' });
  const recipient = await createMember(app);
  const opened = await app.request('POST', '/api/conversation', { token: sender.token, body: { userId: recipient.user.id } });
  const conversationId = opened.body.data._id as string;
  const sent = await app.request('POST', '/api/messages', {
    token: sender.token,
    body: { conversationId, clientId: randomUUID(), text: 'Are you there?' },
  });
  expect(sent.status).toBe(201);
  expect((await waitForNotifications(app, recipient.token, 1)).items[0]).toMatchObject({ type: 'message', read: false });

  const tab = await connectSocket(app, recipient.token);
  const bellHears = new Promise<{ ids: string[] | 'all'; unreadCount: number }>((resolve) => tab.once('notification:read', resolve));
  expect((await app.request('POST', `/api/conversation/${conversationId}/read`, { token: recipient.token })).status).toBe(200);

  expect(await bellHears).toMatchObject({ unreadCount: 0 });
  await vi.waitFor(async () => expect(await unreadCountOf(app, recipient.token)).toBe(0));
  expect((await allOf(app, recipient.token)).items.map((n) => n.read)).toEqual([true]);
  tab.disconnect();
});
