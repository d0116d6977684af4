import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it("keeps a member's contacts to themselves: a third member can neither see nor remove them", async () => {
  const owner = await createMember(app);
  const friend = await createMember(app);
  const snoop = await createMember(app);
  const contactId = (await app.request('POST', '/api/contact', { token: owner.token, body: { userId: friend.user.id } })).body.data
    .contactId;

  expect((await app.request('GET', '/api/contact', { token: snoop.token })).body.data).toEqual({ items: [], count: 0 });
  for (const id of [contactId, friend.user.id]) {
    const seen = await app.request('GET', `/api/contact/${id}`, { token: snoop.token });
    expect(seen.status).toBe(404);
    expect(seen.body.msg).toBe('That member is not in your contacts.');
    expect((await app.request('DELETE', `/api/contact/${id}`, { token: snoop.token })).status).toBe(404);
  }
  // Being someone's contact does not make them yours: favourites are one-way.
  expect((await app.request('GET', `/api/contact/${owner.user.id}`, { token: friend.token })).status).toBe(404);

  const stillThere = await app.request('GET', `/api/contact/${contactId}`, { token: owner.token });
  expect(stillThere.status).toBe(200);
  expect(stillThere.body.data._id).toBe(friend.user.id);
});

it('hides a contact who deactivated, and shows them again when they come back', async () => {
  const owner = await createMember(app);
  const friend = await createMember(app);
  await app.request('POST', '/api/contact', { token: owner.token, body: { userId: friend.user.id } });

  await app.ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, friend.user.id));
  expect((await app.request('GET', '/api/contact', { token: owner.token })).body.data.count).toBe(0);
  expect((await app.request('GET', `/api/contact/${friend.user.id}`, { token: owner.token })).status).toBe(404);

  await app.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, friend.user.id));
  expect((await app.request('GET', '/api/contact', { token: owner.token })).body.data.count).toBe(1);
});
