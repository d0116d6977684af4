import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('shows isFriend and contactId on a profile once added, and clears them once removed', async () => {
  const me = await createMember(app);
  const model = await createModel(app);
  const profile = async () => (await app.request('GET', `/api/users/findByUsername/${model.user.username}`, { token: me.token })).body.data;

  expect(await profile()).toMatchObject({ _id: model.user.id, isFriend: false, contactId: null });

  const contactId = (await app.request('POST', '/api/contact', { token: me.token, body: { userId: model.user.id } })).body.data.contactId;
  expect(await profile()).toMatchObject({ isFriend: true, contactId });
  // One-way: the model has not added me.
  const theirView = await app.request('GET', `/api/users/findByUsername/${me.user.username}`, { token: model.token });
  expect(theirView.body.data).toMatchObject({ isFriend: false, contactId: null });

  expect((await app.request('DELETE', `/api/contact/${contactId}`, { token: me.token })).status).toBe(200);
  expect(await profile()).toMatchObject({ isFriend: false, contactId: null });
});
