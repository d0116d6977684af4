import { afterAll, beforeAll, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund } from '../../wallet/tests/helpers';

let app: TestApp;
let tag: string;
let approved: Awaited<ReturnType<typeof createModel>>;
let member: Awaited<ReturnType<typeof createMember>>;
let hidden: Awaited<ReturnType<typeof createMember>>['user'][];

// Every account shares the tag in its username, so one search can show who a visitor sees.
beforeAll(async () => {
  app = await createTestApp();
  tag = `dir${Date.now().toString(36)}`;
  approved = await createModel(app, { username: `${tag}_model`, bio: 'Sings', tokenPerMessage: 250 });
  await fund(app, approved.user.id, 98_765);
  member = await createMember(app, { username: `${tag}_member` });
  hidden = [
    (await createModel(app, { username: `${tag}_pending`, modelStatus: 'pending' })).user,
    (await createModel(app, { username: `${tag}_refused`, modelStatus: 'refused' })).user,
    (await createModel(app, { username: `${tag}_suspended`, status: 'suspended' })).user,
    (await createModel(app, { username: `${tag}_unconfirmed`, emailVerifiedAt: null })).user,
    (await createAdmin(app, { username: `${tag}_admin` })).user,
  ];
  // A contact of the member's must not leak into a visitor's view.
  await app.ctx.db.insert(contacts).values({ ownerId: member.user.id, contactUserId: approved.user.id });
});
afterAll(() => app.close());

const usernames = (body: { data: { items: { username: string }[] } }) => body.data.items.map((u) => u.username);

it('shows a visitor approved models only, whatever type the query asks for', async () => {
  for (const query of [`q=${tag}`, `q=${tag}&type=user`, `q=${tag}&type=model`]) {
    const res = await app.request('GET', `/api/users/search?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(usernames(res.body)).toEqual([approved.user.username]);
    expect(res.body.data.items[0]).toMatchObject({ _id: approved.user.id, type: 'model', isFriend: false });
  }
});

it('never shows a visitor an e-mail address or a balance', async () => {
  const listed = await app.request('GET', `/api/users/search?q=${tag}`);
  const profile = await app.request('GET', `/api/users/findByUsername/${approved.user.username}`);
  for (const body of [listed.body.data.items[0], profile.body.data]) {
    for (const secret of ['email', 'balance', 'verificationDocument', 'passwordHash', 'role', 'status'])
      expect(body).not.toHaveProperty(secret);
  }
  for (const res of [listed, profile]) {
    expect(JSON.stringify(res.body)).not.toContain(approved.user.email);
    expect(JSON.stringify(res.body)).not.toContain('98765');
  }
});

it('gives a visitor an approved model’s profile, with no contact of their own', async () => {
  const res = await app.request('GET', `/api/users/findByUsername/${approved.user.username}`);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    _id: approved.user.id,
    username: approved.user.username,
    type: 'model',
    bio: 'Sings',
    tokenPerMessage: 2.5, // tokens on the wire; 250 hundredths inside
    isFriend: false,
    contactId: null,
  });
});

it('answers a visitor 404 for an ordinary member and for anyone hidden', async () => {
  for (const user of [member.user, ...hidden]) {
    const res = await app.request('GET', `/api/users/findByUsername/${user.username}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'No member with that username.', message: 'No member with that username.' });
  }
});

it('treats a signed-out caller with a bad token as a visitor, and keeps search-friend signed-in only', async () => {
  const res = await app.request('GET', `/api/users/search?q=${tag}`, { token: 'not-a-jwt' });
  expect(usernames(res.body)).toEqual([approved.user.username]);
  expect((await app.request('GET', '/api/users/search-friend')).status).toBe(401);
});

it('keeps the signed-in view unchanged: members, the type filter and contacts', async () => {
  const viewer = await createMember(app);
  const all = await app.request('GET', `/api/users/search?q=${tag}`, { token: viewer.token });
  expect(usernames(all.body)).toEqual([member.user.username, approved.user.username]);
  const onlyMembers = await app.request('GET', `/api/users/search?q=${tag}&type=user`, { token: viewer.token });
  expect(usernames(onlyMembers.body)).toEqual([member.user.username]);
  expect((await app.request('GET', `/api/users/findByUsername/${member.user.username}`, { token: viewer.token })).status).toBe(200);
  for (const user of hidden) {
    expect((await app.request('GET', `/api/users/findByUsername/${user.username}`, { token: viewer.token })).status).toBe(404);
  }

  // The member who added the model as a contact still sees it as a friend.
  const asFriend = await app.request('GET', `/api/users/findByUsername/${approved.user.username}`, { token: member.token });
  expect(asFriend.body.data).toMatchObject({ isFriend: true, contactId: expect.any(String) });
  const friends = await app.request('GET', '/api/users/search-friend', { token: member.token });
  expect(usernames(friends.body)).toEqual([approved.user.username]);
});
