import { xchatServerEventSchemas, XCHAT_EVENT_NAMES } from '@cc/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, next, recorder, roundTrip, sendText, socketServer, startConversation, uploadedMedia, send, type Client } from './helpers';

// The xChat client's events, beside ours (docs/product.md#sockets).

let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
beforeAll(async () => {
  app = await createTestApp();
  sockets = await socketServer(app);
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

/** Everything of the xChat events a socket hears, in order. */
function hearsXchat(socket: Client) {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if ((XCHAT_EVENT_NAMES as string[]).includes(event)) heard.push({ event, payload });
  });
  return heard;
}

async function pair() {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 150 });
  await fund(app, member.user.id, 1_000);
  const conversation = await startConversation(app, member.token, model.user.id);
  return { member, model, id: conversation._id };
}

it('new_message reaches the recipient and the sender, as the xChat client reads it; new_conversation only with the first message', async () => {
  const { member, model, id } = await pair();
  const [memberTab, modelTab, bystanderTab] = await Promise.all([
    sockets.connected(member.token),
    sockets.connected(model.token),
    sockets.connected((await createMember(app)).token),
  ]);
  const bystander = hearsXchat(bystanderTab);
  const modelHeard = hearsXchat(modelTab);
  const photo = await uploadedMedia(app, member.user.id, 'photo');
  const [toModel, toMember, conversationToModel] = [
    next(modelTab, 'new_message'),
    next(memberTab, 'new_message'),
    next(modelTab, 'new_conversation'),
  ];
  const sent = await send(app, member.token, { conversationId: id, type: 'photo', text: 'Look', mediaId: photo.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);

  const message = xchatServerEventSchemas.new_message.parse(await toModel);
  expect(message).toMatchObject({
    _id: sent.body.data._id,
    conversationId: id,
    senderId: member.user.id,
    recipientId: model.user.id,
    sender: { _id: member.user.id, username: member.user.username },
    type: 'photo',
    text: 'Look',
    fileIds: [photo.id],
    files: [{ _id: photo.id, isFree: true }],
    bookmarked: false,
  });
  expect(message.files[0]!.fileUrl).toBe(message.media!.url);
  // Amounts in tokens, like everywhere on our wire: 150 hundredths.
  expect((await toModel).price).toBe(1.5);
  expect((await toMember)._id).toBe(sent.body.data._id);

  const conversation = xchatServerEventSchemas.new_conversation.parse(await conversationToModel);
  expect(conversation._id).toBe(id);
  expect(conversation.members.map((m) => m._id)).toEqual([model.user.id, member.user.id]);
  // The xChat client adds the conversation before its message.
  // (Her earning moved her balance too: balance_updated, tested with the wallet.)
  expect(modelHeard.map((h) => h.event).filter((event) => event !== 'balance_updated')).toEqual(['new_conversation', 'new_message']);

  // Already in the model's list: the next messages bring no new_conversation, read or not.
  await sendText(app, member.token, id, 'Second');
  await app.request('POST', `/api/conversation/${id}/read`, { token: model.token });
  await sendText(app, member.token, id, 'Third');
  // Through Redis a ping may outrun events: wait for the last message's own event instead.
  const lastHeard = next(modelTab, 'new_message', (m) => m.text === 'A reply');
  await sendText(app, model.token, id, 'A reply');
  await lastHeard;
  expect(modelHeard.filter((h) => h.event === 'new_conversation')).toHaveLength(1);
  expect(modelHeard.filter((h) => h.event === 'new_message')).toHaveLength(4);
  await roundTrip(bystanderTab);
  expect(bystander).toEqual([]);
});

it('have_been_blocked_event and have_been_unblocked_event reach only the blocked member', async () => {
  const { member, model, id } = await pair();
  const [memberTab, modelTab] = await Promise.all([sockets.connected(member.token), sockets.connected(model.token)]);
  const blockerHeard = hearsXchat(modelTab);

  const blocked = next(memberTab, 'have_been_blocked_event');
  expect((await app.request('POST', `/api/conversation/${id}/block`, { token: model.token })).status).toBe(200);
  expect(xchatServerEventSchemas.have_been_blocked_event.parse(await blocked)).toEqual({ conversationId: id, blockedId: member.user.id });

  const unblocked = next(memberTab, 'have_been_unblocked_event');
  expect((await app.request('POST', `/api/conversation/${id}/unblock`, { token: model.token })).status).toBe(200);
  expect(await unblocked).toEqual({ conversationId: id, blockedId: member.user.id });

  await roundTrip(modelTab);
  expect(blockerHeard).toEqual([]);
});

it('with legacySocketEvents off none of them is sent, while ours still are', async () => {
  await app.ctx.settings.update({ legacySocketEvents: false });
  try {
    const { member, model, id } = await pair();
    const [memberTab, modelTab] = await Promise.all([sockets.connected(member.token), sockets.connected(model.token)]);
    const heard = [...hearsXchat(memberTab), ...hearsXchat(modelTab)];
    const ours = recorder(modelTab, 'message:created');
    const blockedOurs = next(memberTab, 'conversation:blocked');
    const balanceOurs = next(memberTab, 'wallet:balance');

    await sendText(app, member.token, id, 'Paid hello');
    await balanceOurs;
    await app.request('POST', `/api/conversation/${id}/block`, { token: model.token });
    await blockedOurs;
    await roundTrip(modelTab);
    await roundTrip(memberTab);
    expect(ours).toHaveLength(1);
    expect(heard).toEqual([]);
  } finally {
    await app.ctx.settings.update({ legacySocketEvents: true });
  }
});
