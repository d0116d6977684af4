import { afterAll, beforeAll, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it("answers the other person's public profile, with whether they are in the viewer's contacts", async () => {
  const member = await createMember(app);
  const model = await createModel(app, {
    name: 'Mia Model',
    bio: 'Hello there',
    tokenPerMessage: 150,
    callRate: 300,
    gender: 'female',
    age: 29,
    city: 'Lisbon',
    country: 'Portugal',
    address: '1 Rua Augusta',
    postCode: '1100-048',
    phoneNumber: '+351211234567',
  });
  const { _id: id } = await startConversation(app, member.token, model.user.id);
  const [favourite] = await app.ctx.db.insert(contacts).values({ ownerId: member.user.id, contactUserId: model.user.id }).returning();

  const seenByMember = await app.request('GET', `/api/conversation/${id}/recipient`, { token: member.token });
  expect(seenByMember.status).toBe(200);
  expect(seenByMember.body.data).toEqual({
    _id: model.user.id,
    username: model.user.username,
    name: 'Mia Model',
    bio: 'Hello there',
    avatarUrl: null,
    type: 'model',
    tokenPerMessage: 1.5,
    callRate: 3,
    callAvailable: false,
    phoneVerified: false,
    createdAt: model.user.createdAt.toISOString(),
    isApproved: true,
    isActive: true,
    gender: 'female',
    age: 29,
    city: 'Lisbon',
    state: '',
    country: 'Portugal',
    isFriend: true,
    contactId: favourite!.id,
  });

  // Contacts are one-way: the model has not added the member.
  const seenByModel = await app.request('GET', `/api/conversation/${id}/recipient`, { token: model.token });
  expect(seenByModel.body.data).toMatchObject({ _id: member.user.id, type: 'user', isFriend: false, contactId: null });
  expect(seenByModel.body.data).not.toHaveProperty('email');
});
