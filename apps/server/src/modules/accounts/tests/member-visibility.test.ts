import { afterAll, beforeAll, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';

let app: TestApp;
let viewer: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  app = await createTestApp();
  viewer = await createMember(app);
});
afterAll(() => app.close());

const find = (username: string, token = viewer.token) => app.request('GET', `/api/users/findByUsername/${username}`, { token });
const search = (query: string, token = viewer.token) => app.request('GET', `/api/users/search?${query}`, { token });
const befriend = (ownerId: string, contactUserId: string) =>
  app.ctx.db
    .insert(contacts)
    .values({ ownerId, contactUserId })
    .returning()
    .then((rows) => rows[0]!);

it('finds an approved model and an ordinary member, without private fields', async () => {
  const { user: model } = await createModel(app, { bio: 'Sings', tokenPerMessage: 300 });
  const res = await find(model.username);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    _id: model.id,
    username: model.username,
    type: 'model',
    tokenPerMessage: 3, // tokens on the wire; 300 hundredths inside
    isFriend: false,
    contactId: null,
  });
  const { user: member } = await createMember(app);
  expect((await find(member.username.toUpperCase())).status).toBe(200);

  for (const body of [res.body.data, (await find(member.username)).body.data]) {
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['email']));
    for (const secret of ['email', 'balance', 'verificationDocument', 'passwordHash', 'role', 'status'])
      expect(body).not.toHaveProperty(secret);
  }
  expect(JSON.stringify(res.body)).not.toContain(model.email);
});

it('hides models until approved, and unconfirmed, deactivated, suspended and staff accounts', async () => {
  const hidden = [
    (await createModel(app, { modelStatus: 'pending' })).user,
    (await createModel(app, { modelStatus: 'refused' })).user,
    (await createModel(app, { modelStatus: 'none' })).user,
    (await createMember(app, { emailVerifiedAt: null })).user,
    (await createMember(app, { status: 'deactivated' })).user,
    (await createMember(app, { status: 'suspended' })).user,
    (await createAdmin(app)).user,
  ];
  for (const user of hidden) {
    const res = await find(user.username);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'No member with that username.', message: 'No member with that username.' });
    expect((await search(`q=${user.username}`)).body.data).toEqual({ items: [], count: 0 });
  }
});

it('tells whether the member is in the caller’s contacts, and gives the contact id', async () => {
  const { user: model } = await createModel(app);
  const contact = await befriend(viewer.user.id, model.id);
  const res = await find(model.username);
  expect(res.body.data).toMatchObject({ isFriend: true, contactId: contact.id });
  // Contacts are one-way: the model did not add the viewer.
  const { token: modelToken } = await createModel(app);
  expect((await find(viewer.user.username, modelToken)).body.data).toMatchObject({ isFriend: false, contactId: null });
});

it('searches username or name case-insensitively, in username order, with a total count', async () => {
  const tag = `zq${Date.now().toString(36)}`;
  await createMember(app, { username: `${tag}_b`, name: 'Bee' });
  await createModel(app, { username: `${tag}_a`, name: 'Ay' });
  const byName = `zzz_${Date.now().toString(36)}`; // matches by name only, sorts last
  await createMember(app, { username: byName, name: `Named ${tag.toUpperCase()}` });
  await createModel(app, { username: `${tag}_hidden`, modelStatus: 'pending' });

  const all = await search(`q=${tag.toUpperCase()}&limit=2`);
  expect(all.status).toBe(200);
  expect(all.body.data.count).toBe(3);
  expect(all.body.data.items.map((u: { username: string }) => u.username)).toEqual([`${tag}_a`, `${tag}_b`]);
  const next = await search(`q=${tag}&limit=2&skip=2`);
  expect(next.body.data.items.map((u: { username: string }) => u.username)).toEqual([byName]);

  const models = await search(`q=${tag}&type=model`);
  expect(models.body.data.items.map((u: { username: string }) => u.username)).toEqual([`${tag}_a`]);
  expect(JSON.stringify(all.body)).not.toMatch(/@example\.test/);
});

it('treats % and _ in the search text as plain characters', async () => {
  const tag = `pct${Date.now().toString(36)}`;
  await createMember(app, { username: `${tag}_x`, name: '100% real' });
  await createMember(app, { username: `${tag}ax`, name: 'Plain' });
  expect((await search(`q=${encodeURIComponent(`${tag}_`)}`)).body.data.count).toBe(1);
  expect((await search(`q=${encodeURIComponent('100%')}`)).body.data.items.map((u: { name: string }) => u.name)).toEqual(['100% real']);
  expect((await search('q=%25')).body.data.items.every((u: { name: string }) => u.name.includes('%'))).toBe(true);
});

it('leaves the caller out of their own search', async () => {
  const res = await search(`q=${viewer.user.username}`);
  expect(res.body.data.count).toBe(0);
});

it('search-friend lists only visible members in the caller’s contacts', async () => {
  const me = await createMember(app);
  const { user: friend } = await createModel(app, { name: 'Friendly' });
  const { user: hiddenFriend } = await createModel(app, { modelStatus: 'pending' });
  await createMember(app, { name: 'Stranger' });
  await befriend(me.user.id, friend.id);
  await befriend(me.user.id, hiddenFriend.id);
  const res = await app.request('GET', '/api/users/search-friend', { token: me.token });
  expect(res.status).toBe(200);
  expect(res.body.data.count).toBe(1);
  expect(res.body.data.items).toEqual([expect.objectContaining({ _id: friend.id, isFriend: true })]);
});
