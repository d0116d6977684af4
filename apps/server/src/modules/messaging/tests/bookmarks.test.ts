import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookmarkedMessage } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { send, sendText, startConversation, uploadedMedia } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bookmark = (token: string, messageId: string) => app.request('POST', '/api/messages/bookmark', { token, body: { messageId } });
const searchBookmarks = async (token: string, query = '') => {
  const res = await app.request('GET', `/api/messages/bookmark/search${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as { items: BookmarkedMessage[]; count: number };
};

it('bookmarks are per person: added once, shown on the message, removed by their owner only', async () => {
  const alice = await createMember(app, { name: 'Alice Example' });
  const bob = await createMember(app, { name: 'Bob Example' });
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const message = await sendText(app, bob.token, id, 'Remember the milk');

  const added = await bookmark(alice.token, message._id);
  expect(added.status).toBe(201);
  expect(added.body.data).toMatchObject({ messageId: message._id });
  const again = await bookmark(alice.token, message._id);
  expect(again.status).toBe(200);
  expect(again.body.data._id).toBe(added.body.data._id);

  // Alice sees it bookmarked; Bob, who did not bookmark it, does not.
  const alicePage = await app.request('GET', `/api/messages/${id}`, { token: alice.token });
  expect(alicePage.body.data.items[0]).toMatchObject({ bookmarked: true, bookmarkId: added.body.data._id });
  const bobPage = await app.request('GET', `/api/messages/${id}`, { token: bob.token });
  expect(bobPage.body.data.items[0]).toMatchObject({ bookmarked: false, bookmarkId: null });

  const listed = await searchBookmarks(alice.token);
  expect(listed.count).toBe(1);
  expect(listed.items[0]).toMatchObject({
    _id: added.body.data._id,
    message: { _id: message._id, text: 'Remember the milk', bookmarked: true },
    sender: { _id: bob.user.id, name: 'Bob Example' },
    recipient: { _id: bob.user.id },
  });
  expect((await searchBookmarks(bob.token)).count).toBe(0);

  // Bob cannot remove Alice's bookmark; Alice can, once.
  expect((await app.request('DELETE', `/api/messages/bookmark/${added.body.data._id}`, { token: bob.token })).status).toBe(404);
  const removed = await app.request('DELETE', `/api/messages/bookmark/${added.body.data._id}`, { token: alice.token });
  expect(removed.status).toBe(200);
  expect(removed.body.data).toMatchObject({ _id: added.body.data._id, messageId: message._id });
  expect((await app.request('DELETE', `/api/messages/bookmark/${added.body.data._id}`, { token: alice.token })).status).toBe(404);
  expect((await searchBookmarks(alice.token)).count).toBe(0);
  expect((await app.request('GET', `/api/messages/${id}`, { token: alice.token })).body.data.items[0]).toMatchObject({
    bookmarked: false,
    bookmarkId: null,
  });
});

it('searches bookmarks by text and type, newest first, and pages', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const photo = await uploadedMedia(app, bob.user.id, 'photo');
  const photoMessage = await send(app, bob.token, { conversationId: id, type: 'photo', mediaId: photo.id, text: 'Sunset at the lake' });
  expect(photoMessage.status).toBe(201);
  const lakeText = await sendText(app, alice.token, id, 'The LAKE was cold');
  const other = await sendText(app, bob.token, id, 'Dinner at eight');
  for (const m of [photoMessage.body.data, lakeText, other]) expect((await bookmark(alice.token, m._id)).status).toBe(201);

  const all = await searchBookmarks(alice.token);
  expect(all.items.map((b) => b.message._id)).toEqual([other._id, lakeText._id, photoMessage.body.data._id]);
  expect((await searchBookmarks(alice.token, '?q=lake')).items.map((b) => b.message._id)).toEqual([
    lakeText._id,
    photoMessage.body.data._id,
  ]);
  const photos = await searchBookmarks(alice.token, '?type=photo');
  expect(photos.count).toBe(1);
  expect(photos.items[0]!.message.media).toMatchObject({ _id: photo.id, type: 'photo', url: `/api/media/${photo.id}/download/` });
  expect(await searchBookmarks(alice.token, '?limit=1&skip=1')).toMatchObject({ count: 3, items: [{ message: { _id: lakeText._id } }] });

  const badType = await app.request('GET', '/api/messages/bookmark/search?type=audio', { token: alice.token });
  expect(badType.status).toBe(422);
  expect(badType.body.msg).toContain('type');
});

it('refuses to bookmark a deleted message or one that does not exist', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const message = await sendText(app, bob.token, id, 'Regret this');
  const early = await bookmark(alice.token, message._id);
  await app.request('DELETE', `/api/messages/${message._id}`, { token: bob.token });

  const res = await bookmark(alice.token, message._id);
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('That message was deleted, so it cannot be bookmarked.');
  // The bookmark made before the deletion went with the message's content.
  expect((await searchBookmarks(alice.token)).count).toBe(0);
  expect((await app.request('DELETE', `/api/messages/bookmark/${early.body.data._id}`, { token: alice.token })).status).toBe(404);
  expect((await bookmark(alice.token, randomUUID())).status).toBe(404);
});
