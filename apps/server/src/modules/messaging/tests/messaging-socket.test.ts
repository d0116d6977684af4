import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, next, recorder, roundTrip, send, sendText, socketServer, startConversation } from './helpers';

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

it('message:created reaches both participants, each with their own counts, and never a third member', async () => {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 150 });
  const bystander = await createMember(app);
  await fund(app, member.user.id, 1_000);
  const { _id: id } = await startConversation(app, member.token, model.user.id);
  await sendText(app, model.token, id, 'Welcome!'); // one unread for the member

  const [memberTab, modelTab, bystanderTab] = await Promise.all([
    sockets.connected(member.token),
    sockets.connected(model.token),
    sockets.connected(bystander.token),
  ]);
  const bystanderHeard = recorder(bystanderTab, 'message:created');
  // The welcome's own event is pushed after its HTTP answer and may still be on its way: wait for this one.
  const isPaidHello = (payload: { message: { text: string } }) => payload.message.text === 'Paid hello';
  const memberHears = next(memberTab, 'message:created', isPaidHello);
  const modelHears = next(modelTab, 'message:created', isPaidHello);

  const sent = await send(app, member.token, { conversationId: id, text: 'Paid hello' });
  expect(sent.status).toBe(201);
  const [toMember, toModel] = await Promise.all([memberHears, modelHears]);

  // Amounts travel as tokens, as in HTTP answers: 150 hundredths is 1.5 tokens.
  expect(toMember.message).toMatchObject({ _id: sent.body.data._id, text: 'Paid hello', price: 1.5, earned: null });
  // The same message; the model who received it also hears what she earned (1.50 less 20 %).
  expect(toModel.message).toEqual({ ...toMember.message, earned: 1.2 });
  expect(toModel.conversation.lastMessage).toMatchObject({ _id: sent.body.data._id, earned: 1.2 });
  // The sender still has the model's welcome unread; the model has the new message unread.
  expect(toMember.conversation).toMatchObject({
    _id: id,
    recipient: { _id: model.user.id, tokenPerMessage: 1.5 },
    unreadMessageCount: 1,
    lastMessageId: sent.body.data._id,
  });
  expect(toMember.totalUnread).toBe(1);
  expect(toModel.conversation).toMatchObject({ _id: id, recipient: { _id: member.user.id, isOnline: true }, unreadMessageCount: 1 });
  expect(toModel.totalUnread).toBe(1);

  await roundTrip(bystanderTab);
  expect(bystanderHeard).toEqual([]);
});

it('message:deleted tells both their new counts', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const message = await sendText(app, alice.token, id, 'Take this back');
  const [aliceTab, bobTab] = await Promise.all([sockets.connected(alice.token), sockets.connected(bob.token)]);
  const aliceHears = next(aliceTab, 'message:deleted');
  const bobHears = next(bobTab, 'message:deleted');

  expect((await app.request('DELETE', `/api/messages/${message._id}`, { token: alice.token })).status).toBe(200);
  const [toAlice, toBob] = await Promise.all([aliceHears, bobHears]);
  expect(toBob).toMatchObject({ messageId: message._id, conversationId: id, totalUnread: 0, conversation: { unreadMessageCount: 0 } });
  expect(toBob.conversation.lastMessage).toMatchObject({ _id: message._id, text: '', deletedAt: expect.any(String) });
  expect(toAlice).toMatchObject({ messageId: message._id, conversationId: id, totalUnread: 0 });
});

it('conversation:read gives the reader their counts and the other side a read receipt', async () => {
  const reader = await createMember(app);
  const writer = await createMember(app);
  const { _id: id } = await startConversation(app, writer.token, reader.user.id);
  await sendText(app, writer.token, id, 'one');
  const last = await sendText(app, writer.token, id, 'two');
  await sendText(app, reader.token, id, 'a reply the writer has not read');
  const [readerTab, writerTab] = await Promise.all([sockets.connected(reader.token), sockets.connected(writer.token)]);
  const readerHears = next(readerTab, 'conversation:read');
  const writerHears = next(writerTab, 'conversation:read');

  await app.request('POST', `/api/conversation/${id}/read`, { token: reader.token });
  const [toReader, toWriter] = await Promise.all([readerHears, writerHears]);
  expect(toReader).toMatchObject({ conversationId: id, readerId: reader.user.id, unreadMessageCount: 0, totalUnread: 0 });
  expect(toReader.readSeq).toBeGreaterThan(last.seq);
  expect(toWriter).toEqual({
    conversationId: id,
    readerId: reader.user.id,
    readSeq: toReader.readSeq,
    unreadMessageCount: 1,
    totalUnread: 1,
  });
});

it('conversation:blocked tells both who is blocked', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const [aliceTab, bobTab] = await Promise.all([sockets.connected(alice.token), sockets.connected(bob.token)]);

  const heard = Promise.all([next(aliceTab, 'conversation:blocked'), next(bobTab, 'conversation:blocked')]);
  await app.request('POST', `/api/conversation/${id}/block`, { token: bob.token });
  expect(await heard).toEqual([
    { conversationId: id, blockedIds: [alice.user.id] },
    { conversationId: id, blockedIds: [alice.user.id] },
  ]);

  const lifted = next(aliceTab, 'conversation:blocked');
  await app.request('POST', `/api/conversation/${id}/unblock`, { token: bob.token });
  expect(await lifted).toEqual({ conversationId: id, blockedIds: [] });
});
