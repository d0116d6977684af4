import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Notification } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { connectSocket, contactAdded, type Client } from './helpers';

let app: TestApp;
const sockets: Client[] = [];
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

const tabOf = async (token: string) => {
  const socket = await connectSocket(app, token);
  sockets.push(socket);
  return socket;
};
type Created = { notification: Notification; unreadCount: number };
/** The next `count` 'notification:created' payloads this tab receives. */
const nextCreated = (tab: Client, count: number) =>
  new Promise<Created[]>((resolve) => {
    const seen: Created[] = [];
    const listener = (payload: Created) => {
      seen.push(payload);
      if (seen.length < count) return;
      tab.off('notification:created', listener);
      resolve(seen);
    };
    tab.on('notification:created', listener);
  });
/** A round trip: anything the server sent this tab before it has arrived. */
const settled = (tab: Client) => tab.timeout(2000).emitWithAck('link:ping');

it("pushes each new notification to every one of the member's tabs, with the exact unread count, and to no one else", async () => {
  const owner = await createMember(app, { name: 'Ada Lovelace' });
  const member = await createMember(app);
  const bystander = await createMember(app);
  const [tabA, tabB, otherTab] = await Promise.all([tabOf(member.token), tabOf(member.token), tabOf(bystander.token)]);
  let bystanderHeard = false;
  otherTab.on('notification:created', () => (bystanderHeard = true));

  const onA = nextCreated(tabA, 1);
  const onB = nextCreated(tabB, 1);
  contactAdded(app, owner.user, member.user);
  const [[a], [b]] = await Promise.all([onA, onB]);
  expect(a).toEqual(b);
  expect(a).toMatchObject({
    unreadCount: 1,
    notification: { type: 'contact', text: 'Ada Lovelace added you to their contacts', read: false },
  });
  const listed = await app.request('GET', '/api/notifications', { token: member.token });
  expect(listed.body.data.items[0]).toEqual(a!.notification);

  // Several at once: each count is exact, and they end at the total.
  const burst = nextCreated(tabA, 3);
  for (let i = 0; i < 3; i++) contactAdded(app, owner.user, member.user, randomUUID());
  const counts = (await burst).map((p) => p.unreadCount).sort((x, y) => x - y);
  expect(counts).toEqual([2, 3, 4]);

  await settled(otherTab);
  expect(bystanderHeard).toBe(false);
});

it("tells the member's other tabs when one or all were read, with the unread count", async () => {
  const owner = await createMember(app);
  const member = await createMember(app);
  const bystander = await createMember(app);
  const [tab, otherTab] = await Promise.all([tabOf(member.token), tabOf(bystander.token)]);
  let bystanderHeard = false;
  otherTab.on('notification:read', () => (bystanderHeard = true));
  const created = nextCreated(tab, 3);
  for (let i = 0; i < 3; i++) contactAdded(app, owner.user, member.user);
  const [one] = await created;

  const readOne = new Promise((resolve) => tab.once('notification:read', resolve));
  expect((await app.request('PUT', `/api/notifications/read/${one!.notification._id}`, { token: member.token })).status).toBe(200);
  expect(await readOne).toEqual({ ids: [one!.notification._id], unreadCount: 2 });

  const readAll = new Promise((resolve) => tab.once('notification:read', resolve));
  expect((await app.request('PUT', '/api/notifications/read/all', { token: member.token })).body.data).toEqual({ updated: 2, count: 0 });
  expect(await readAll).toEqual({ ids: 'all', unreadCount: 0 });

  await settled(otherTab);
  expect(bystanderHeard).toBe(false);
});

it('notifications arriving at once, for one member and for another, are each pushed once with their own exact count', async () => {
  const owners = await Promise.all(Array.from({ length: 6 }, () => createMember(app)));
  const [member, other] = [await createMember(app), await createMember(app)];
  const [memberTab, otherTab] = await Promise.all([tabOf(member.token), tabOf(other.token)]);
  const onMember = nextCreated(memberTab, 6);
  const onOther = nextCreated(otherTab, 2);

  // Written together (notifier `createTogether`): the counter moves once, each answer keeps its own count.
  for (const owner of owners) contactAdded(app, owner.user, member.user);
  contactAdded(app, owners[0]!.user, other.user);
  contactAdded(app, owners[1]!.user, other.user);

  const [toMember, toOther] = await Promise.all([onMember, onOther]);
  expect(toMember.map((created) => created.unreadCount).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  expect(new Set(toMember.map((created) => created.notification._id)).size).toBe(6);
  expect(toOther.map((created) => created.unreadCount).sort()).toEqual([1, 2]);
  await settled(memberTab);
  expect((await app.request('GET', '/api/notifications/unread/count', { token: member.token })).body.data.count).toBe(6);
});
