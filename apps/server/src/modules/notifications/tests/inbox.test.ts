import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationSchema } from '@cc/contracts';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { contactAdded, get, unreadCountOf, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A member told about five new contacts, one after another (so their order is known). */
async function memberWithFive() {
  const member = await createMember(app);
  const owners = [];
  for (let i = 0; i < 5; i++) {
    const owner = await createModel(app, { name: `Owner ${i}` });
    owners.push(owner.user);
    contactAdded(app, owner.user, member.user);
    await waitForNotifications(app, member.token, i + 1);
  }
  return { member, owners };
}

it('lists my notifications newest first, a page at a time, with the total', async () => {
  const { member, owners } = await memberWithFive();
  const first = await get(app, member.token, '?limit=2');
  expect(first.count).toBe(5);
  expect(first.items.map((n) => n.text)).toEqual(['Owner 4 added you to their contacts', 'Owner 3 added you to their contacts']);
  const last = await get(app, member.token, '?limit=2&skip=4');
  expect(last.count).toBe(5);
  expect(last.items.map((n) => n.text)).toEqual(['Owner 0 added you to their contacts']);

  const newest = first.items[0]!;
  expect(notificationSchema.parse(newest)).toEqual(newest);
  expect(newest).toMatchObject({
    type: 'contact',
    link: `/models/${owners[4]!.username}`,
    actor: { _id: owners[4]!.id, username: owners[4]!.username, name: 'Owner 4', avatarUrl: null },
    read: false,
  });
  expect(Object.keys(newest).sort()).toEqual(['_id', 'actor', 'createdAt', 'link', 'note', 'read', 'text', 'type']);
});

it('reads one: it leaves the unread list and the count drops by exactly one', async () => {
  const { member } = await memberWithFive();
  expect(await unreadCountOf(app, member.token)).toBe(5);
  const target = (await get(app, member.token, '?limit=5')).items[2]!;

  const res = await app.request('PUT', `/api/notifications/read/${target._id}`, { token: member.token });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ...target, read: true });

  expect(await unreadCountOf(app, member.token)).toBe(4);
  const unread = await get(app, member.token, '/unread/list?limit=2');
  expect(unread.count).toBe(4);
  expect(unread.items).toHaveLength(2);
  expect((await get(app, member.token, '/unread/list?limit=10')).items.map((n) => n._id)).not.toContain(target._id);
  expect((await get(app, member.token, '')).count).toBe(5);

  // Reading it again changes nothing.
  expect((await app.request('PUT', `/api/notifications/read/${target._id}`, { token: member.token })).body.data.read).toBe(true);
  expect(await unreadCountOf(app, member.token)).toBe(4);
});

it('reads all: says how many changed, and nothing is left unread', async () => {
  const { member } = await memberWithFive();
  await app.request('PUT', `/api/notifications/read/${(await get(app, member.token, '')).items[0]!._id}`, { token: member.token });

  const res = await app.request('PUT', '/api/notifications/read/all', { token: member.token });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ updated: 4, count: 0 });
  expect(await unreadCountOf(app, member.token)).toBe(0);
  expect(await get(app, member.token, '/unread/list')).toEqual({ items: [], count: 0 });
  const all = await get(app, member.token, '');
  expect(all.count).toBe(5);
  expect(all.items.every((n) => n.read)).toBe(true);

  expect((await app.request('PUT', '/api/notifications/read/all', { token: member.token })).body.data).toEqual({ updated: 0, count: 0 });
});
