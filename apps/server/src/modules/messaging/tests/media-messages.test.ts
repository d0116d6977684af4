import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { send, startConversation, uploadedMedia } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function pair() {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const conversation = await startConversation(app, alice.token, bob.user.id);
  return { alice, bob, id: conversation._id };
}

it("sends the sender's own photo, video or file with links both participants can use", async () => {
  const { alice, bob, id } = await pair();
  const photo = await uploadedMedia(app, alice.user.id, 'photo', { thumbnailKey: 'thumbs/photo.jpg' });
  const res = await send(app, alice.token, { conversationId: id, type: 'photo', mediaId: photo.id, text: '' });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    type: 'photo',
    text: '',
    media: {
      _id: photo.id,
      type: 'photo',
      name: 'beach.jpg',
      mimeType: 'image/jpeg',
      size: 1234,
      url: `/api/media/${photo.id}/download/`,
      thumbnailUrl: `/api/media/${photo.id}/thumbnail`,
      width: 640,
      height: 480,
    },
  });

  const file = await uploadedMedia(app, alice.user.id, 'file');
  const withFile = await send(app, alice.token, { conversationId: id, type: 'file', mediaId: file.id, text: 'The notes' });
  expect(withFile.body.data.media).toMatchObject({ type: 'file', thumbnailUrl: null });

  const seenByBob = await app.request('GET', `/api/messages/${id}`, { token: bob.token });
  expect(seenByBob.body.data.items.map((m: { media: { _id: string } }) => m.media._id)).toEqual([file.id, photo.id]);
});

it('lets participants read attached media, nobody else, and nobody once the message is deleted', async () => {
  const { alice, bob, id } = await pair();
  const stranger = await createMember(app);
  const video = await uploadedMedia(app, alice.user.id, 'video');
  const canRead = (userId: string) => app.ctx.mediaAccess.canRead(video, { id: userId, role: 'user' });

  expect(await canRead(bob.user.id)).toBe(false);
  const sent = await send(app, alice.token, { conversationId: id, type: 'video', mediaId: video.id, text: '' });
  expect(sent.status).toBe(201);
  expect(await canRead(bob.user.id)).toBe(true);
  expect(await canRead(stranger.user.id)).toBe(false);

  await app.request('DELETE', `/api/messages/${sent.body.data._id}`, { token: alice.token });
  expect(await canRead(bob.user.id)).toBe(false);
  expect(await canRead(alice.user.id)).toBe(true);
});

it("refuses someone else's upload, a non-media file, a missing one, or the wrong kind, with 422 naming the problem", async () => {
  const { alice, bob, id } = await pair();
  const bobsPhoto = await uploadedMedia(app, bob.user.id, 'photo');
  const avatar = await uploadedMedia(app, alice.user.id, 'photo', { kind: 'avatar' });
  const video = await uploadedMedia(app, alice.user.id, 'video');

  for (const mediaId of [bobsPhoto.id, avatar.id, '00000000-0000-4000-8000-000000000000']) {
    const res = await send(app, alice.token, { conversationId: id, type: 'photo', mediaId, text: '' });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('mediaId: That attachment was not found among your uploads.');
  }
  const wrongKind = await send(app, alice.token, { conversationId: id, type: 'photo', mediaId: video.id, text: '' });
  expect(wrongKind.status).toBe(422);
  expect(wrongKind.body.msg).toBe('mediaId: That attachment is a video, not a photo.');

  const missing = await send(app, alice.token, { conversationId: id, type: 'photo', text: 'no file' });
  expect(missing.status).toBe(422);
  expect(missing.body.msg).toContain('mediaId');
  expect((await app.request('GET', `/api/messages/${id}`, { token: alice.token })).body.data.count).toBe(0);
});
