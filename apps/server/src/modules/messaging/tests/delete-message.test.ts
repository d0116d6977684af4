import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { conversationOf, send, sendText, startConversation, uploadedMedia } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('only the sender deletes a message, and it shows as deleted for both', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const stranger = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const photo = await uploadedMedia(app, alice.user.id, 'photo', { thumbnailKey: 'thumbs/x.jpg' });
  const sent = await send(app, alice.token, { conversationId: id, type: 'photo', mediaId: photo.id, text: 'Look at this' });
  expect(sent.status).toBe(201);
  const messageId = sent.body.data._id;

  expect((await app.request('DELETE', `/api/messages/${messageId}`, { token: bob.token })).status).toBe(403);
  expect((await app.request('DELETE', `/api/messages/${messageId}`, { token: stranger.token })).status).toBe(404);

  const deleted = await app.request('DELETE', `/api/messages/${messageId}`, { token: alice.token });
  expect(deleted.status).toBe(200);
  expect(deleted.body.data).toMatchObject({ _id: messageId, text: '', media: null, type: 'photo' });
  expect(deleted.body.data.deletedAt).toEqual(expect.any(String));

  for (const token of [alice.token, bob.token]) {
    const page = await app.request('GET', `/api/messages/${id}`, { token });
    expect(page.body.data.items).toMatchObject([{ _id: messageId, text: '', media: null, deletedAt: deleted.body.data.deletedAt }]);
    expect((await conversationOf(app, token, id)).lastMessage).toMatchObject({ _id: messageId, text: '', media: null });
  }
  // Deleting again answers the same deleted message.
  const again = await app.request('DELETE', `/api/messages/${messageId}`, { token: alice.token });
  expect(again.status).toBe(200);
  expect(again.body.data.deletedAt).toBe(deleted.body.data.deletedAt);
});

it('keeps the other messages and their order', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  await sendText(app, alice.token, id, 'one');
  const two = await sendText(app, bob.token, id, 'two');
  await sendText(app, alice.token, id, 'three');
  await app.request('DELETE', `/api/messages/${two._id}`, { token: bob.token });
  const page = await app.request('GET', `/api/messages/${id}`, { token: alice.token });
  expect(page.body.data.items.map((m: { text: string; deletedAt: string | null }) => [m.text, m.deletedAt !== null])).toEqual([
    ['three', false],
    ['', true],
    ['one', false],
  ]);
});
