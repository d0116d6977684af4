import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { DomainEvents } from '../../../platform/events';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
const added: DomainEvents['contact.added'][] = [];
beforeAll(async () => {
  app = await createTestApp();
  app.ctx.events.subscribe('contact.added', (payload) => void added.push(payload));
});
afterAll(() => app.close());

const addContact = (token: string, userId: string) => app.request('POST', '/api/contact', { token, body: { userId } });

it('adds a member, answering their public profile with isFriend and the contact id, and announces it once', async () => {
  const me = await createMember(app);
  const friend = await createModel(app, { bio: 'Hi there', tokenPerMessage: 150, callRate: 300 });
  const res = await addContact(me.token, friend.user.id);

  expect(res.status).toBe(201);
  const contact = res.body.data;
  expect(contact).toMatchObject({
    _id: friend.user.id,
    username: friend.user.username,
    name: friend.user.name,
    type: 'model',
    bio: 'Hi there',
    isFriend: true,
    // Amounts on the wire are tokens.
    tokenPerMessage: 1.5,
    callRate: 3,
  });
  expect(contact.contactId).toEqual(expect.any(String));
  expect(contact).not.toHaveProperty('email');
  await vi.waitFor(() =>
    expect(added.filter((e) => e.contactId === contact.contactId)).toEqual([
      { contactId: contact.contactId, ownerId: me.user.id, contactUserId: friend.user.id },
    ]),
  );

  const again = await addContact(me.token, friend.user.id);
  expect(again.status).toBe(200);
  // The existing contact, amounts in tokens as for a new one.
  expect(again.body.data).toEqual(contact);
  expect(added.filter((e) => e.contactUserId === friend.user.id)).toHaveLength(1);
  expect((await app.request('GET', '/api/contact', { token: me.token })).body.data.count).toBe(1);
});

it('lists contacts newest first with the total, filters by name or username, and pages', async () => {
  const me = await createMember(app);
  const anna = await createMember(app, { name: 'Anna Lindqvist' });
  const bruno = await createMember(app, { name: 'Bruno Diaz' });
  const carla = await createModel(app, { name: 'Carla Moss' });
  for (const other of [anna, bruno, carla]) expect((await addContact(me.token, other.user.id)).status).toBe(201);

  const all = await app.request('GET', '/api/contact', { token: me.token });
  expect(all.status).toBe(200);
  expect(all.body.data.count).toBe(3);
  expect(all.body.data.items.map((c: { _id: string }) => c._id)).toEqual([carla.user.id, bruno.user.id, anna.user.id]);
  expect(all.body.data.items.every((c: { isFriend: boolean; contactId: string }) => c.isFriend && c.contactId)).toBe(true);

  const byName = await app.request('GET', '/api/contact?q=bruno', { token: me.token });
  expect(byName.body.data).toMatchObject({ count: 1, items: [{ _id: bruno.user.id }] });
  const byUsername = await app.request('GET', `/api/contact?q=${anna.user.username}`, { token: me.token });
  expect(byUsername.body.data).toMatchObject({ count: 1, items: [{ _id: anna.user.id }] });

  const page = await app.request('GET', '/api/contact?limit=1&skip=1', { token: me.token });
  expect(page.body.data.count).toBe(3);
  expect(page.body.data.items.map((c: { _id: string }) => c._id)).toEqual([bruno.user.id]);
});

it('finds one contact by the contact id or by the member id, and removes it either way', async () => {
  const me = await createMember(app);
  const first = await createMember(app);
  const second = await createMember(app);
  const contactId = (await addContact(me.token, first.user.id)).body.data.contactId as string;
  await addContact(me.token, second.user.id);

  for (const id of [contactId, first.user.id]) {
    const res = await app.request('GET', `/api/contact/${id}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: first.user.id, contactId, isFriend: true });
  }

  const removed = await app.request('DELETE', `/api/contact/${contactId}`, { token: me.token });
  expect(removed.status).toBe(200);
  expect(removed.body.data.ok).toBe(true);
  expect((await app.request('GET', `/api/contact/${first.user.id}`, { token: me.token })).status).toBe(404);
  expect((await app.request('DELETE', `/api/contact/${contactId}`, { token: me.token })).status).toBe(404);

  expect((await app.request('DELETE', `/api/contact/${second.user.id}`, { token: me.token })).status).toBe(200);
  expect((await app.request('GET', '/api/contact', { token: me.token })).body.data).toEqual({ items: [], count: 0 });
});

it('refuses adding yourself', async () => {
  const me = await createMember(app);
  const res = await addContact(me.token, me.user.id);
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('You cannot add yourself to your contacts.');
  expect((await app.request('GET', '/api/contact', { token: me.token })).body.data.count).toBe(0);
});

it('answers 404 for members nobody can see: unknown, deactivated, unconfirmed, staff, or a model not yet approved', async () => {
  const me = await createMember(app);
  const hidden = [
    (await createMember(app, { status: 'deactivated' })).user.id,
    (await createMember(app, { emailVerifiedAt: null })).user.id,
    (await createAdmin(app)).user.id,
    (await createModel(app, { modelStatus: 'pending' })).user.id,
    '00000000-0000-4000-8000-000000000000',
  ];
  for (const userId of hidden) {
    const res = await addContact(me.token, userId);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('That member was not found.');
  }
  expect((await app.request('GET', '/api/contact', { token: me.token })).body.data.count).toBe(0);
});
