import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fund, next, send, sendText, socketServer, startConversation, unreadTotal } from './helpers';

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

const listOf = async (token: string, q?: string) =>
  (await app.request('GET', `/api/conversation${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token })).body.data as {
    count: number;
    items: { _id: string; lastMessage: { text: string } | null; unreadMessageCount: number }[];
  };

it('a conversation reaches the other member’s list, search and counts only with its first message', async () => {
  const model = await createModel(app, { name: 'Quiet Model', tokenPerMessage: 250 });
  const opener = await createMember(app, { name: 'Only Opened' });
  const conversation = await startConversation(app, opener.token, model.user.id);

  // The member who opened it keeps it, to write in; the model does not see an empty conversation.
  expect((await listOf(opener.token)).items.map((c) => c._id)).toEqual([conversation._id]);
  expect(await listOf(model.token)).toEqual({ count: 0, items: [] });
  expect(await listOf(model.token, 'Only Opened')).toEqual({ count: 0, items: [] });
  expect(await unreadTotal(app, model.token)).toBe(0);
  // It is hers all the same: she may open it by its id.
  expect((await app.request('GET', `/api/conversation/${conversation._id}`, { token: model.token })).status).toBe(200);

  // The first message brings it in, with its unread count, live and in the list.
  await fund(app, opener.user.id, 1_000);
  const client = await sockets.connected(model.token);
  const heard = next(client, 'message:created');
  await sendText(app, opener.token, conversation._id, 'First words');
  expect((await heard).conversation).toMatchObject({ _id: conversation._id, unreadMessageCount: 1 });
  expect(await listOf(model.token)).toMatchObject({
    count: 1,
    items: [{ _id: conversation._id, lastMessage: { text: 'First words' }, unreadMessageCount: 1 }],
  });
  expect((await listOf(model.token, 'only opened')).count).toBe(1);
  expect(await unreadTotal(app, model.token)).toBe(1);
});

it('a send refused for tokens leaves nothing in the model’s list', async () => {
  const model = await createModel(app, { tokenPerMessage: 500 });
  const broke = await createMember(app, { name: 'No Tokens' });
  const conversation = await startConversation(app, broke.token, model.user.id);
  expect((await send(app, broke.token, { conversationId: conversation._id, text: 'Hi?' })).status).toBe(402);

  expect((await listOf(model.token)).count).toBe(0);
  expect((await listOf(broke.token)).items.map((c) => c._id)).toEqual([conversation._id]);
});

it('the other member opening it themselves lists it for them, empty as it is', async () => {
  const ada = await createMember(app);
  const ben = await createMember(app);
  const conversation = await startConversation(app, ada.token, ben.user.id);
  expect((await listOf(ben.token)).count).toBe(0);

  const again = await startConversation(app, ben.token, ada.user.id);
  expect(again._id).toBe(conversation._id);
  expect((await listOf(ben.token)).items).toMatchObject([{ _id: conversation._id, lastMessage: null }]);
});
