import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../db/schema';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMessagesRepository } from '../messages.repository';
import { conversationOf, send, startConversation, unreadTotal, uploadedMedia } from './helpers';

/**
 * Free sends that finish their checks in one turn of the event loop are stored by one statement
 * (message-writes.repository.ts `insertIfFree`). Each must still be answered as if it were alone: stored
 * once with its own text, refused for its own reason, counted unread once, and the conversation's
 * last message the newest of them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Texts a list of values in one statement could mistake for its own syntax. */
const awkwardTexts = ['{"a,b"}', 'NULL', 'back\\slash and "quotes"', "it's, {}", 'line\nbreak', '🙂 émoji'];

it('sends made at once are each stored once, with their own text and attachment, and counted unread once', async () => {
  const ann = await createMember(app);
  const ben = await createMember(app);
  const cat = await createMember(app);
  const withBen = (await startConversation(app, ann.token, ben.user.id))._id;
  const withCat = (await startConversation(app, ann.token, cat.user.id))._id;
  const photo = await uploadedMedia(app, ben.user.id, 'photo');

  const sends: { token: string; conversationId: string; text: string; type?: string; mediaId?: string }[] = [
    ...awkwardTexts.map((text) => ({ token: ann.token, conversationId: withBen, text })),
    { token: ben.token, conversationId: withBen, text: 'Ben answers at the same moment' },
    { token: ben.token, conversationId: withBen, text: '', type: 'photo', mediaId: photo.id },
    ...awkwardTexts.slice(0, 3).map((text) => ({ token: ann.token, conversationId: withCat, text })),
  ];
  const answers = await Promise.all(sends.map(({ token, ...body }) => send(app, token, body)));
  expect(answers.map((answer) => answer.status)).toEqual(sends.map(() => 201));

  const ids = answers.map((answer) => answer.body.data._id as string);
  const stored = await app.ctx.db.select().from(messages).where(inArray(messages.id, ids));
  expect(stored).toHaveLength(sends.length);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  sends.forEach((sent, index) => {
    const row = storedById.get(ids[index]!)!;
    expect({ conversationId: row.conversationId, text: row.text, fileId: row.fileId }).toEqual({
      conversationId: sent.conversationId,
      text: sent.text,
      fileId: sent.mediaId ?? null,
    });
  });

  expect((await conversationOf(app, ben.token, withBen)).unreadMessageCount).toBe(awkwardTexts.length);
  expect((await conversationOf(app, ann.token, withBen)).unreadMessageCount).toBe(2);
  expect((await conversationOf(app, cat.token, withCat)).unreadMessageCount).toBe(3);
  expect(await unreadTotal(app, ann.token)).toBe(2);

  // Each conversation's last message is its newest.
  for (const conversationId of [withBen, withCat]) {
    const newest = stored.filter((row) => row.conversationId === conversationId).sort((a, b) => b.seq - a.seq)[0]!;
    expect((await conversationOf(app, ann.token, conversationId)).lastMessage?._id).toBe(newest.id);
  }
});

it('among sends made at once, a refused one is refused for its own reason and the others are stored', async () => {
  const ann = await createMember(app);
  const ben = await createMember(app);
  const blocker = await createMember(app);
  const stranger = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 100 });
  const withBen = (await startConversation(app, ann.token, ben.user.id))._id;
  const withBlocker = (await startConversation(app, ann.token, blocker.user.id))._id;
  const withModel = (await startConversation(app, ann.token, model.user.id))._id;
  expect((await app.request('POST', `/api/conversation/${withBlocker}/block`, { token: blocker.token })).status).toBe(200);

  const [toBen, toBlocker, notMine, toModelUnfunded] = await Promise.all([
    send(app, ann.token, { conversationId: withBen, text: 'Stored' }),
    send(app, ann.token, { conversationId: withBlocker, text: 'Refused: blocked' }),
    send(app, stranger.token, { conversationId: withBen, text: 'Refused: not a member' }),
    send(app, ann.token, { conversationId: withModel, text: 'Costs a token she does not have' }),
  ]);
  expect(toBen.status).toBe(201);
  expect([toBlocker.status, toBlocker.body.code]).toEqual([403, 'CONVERSATION_BLOCKED']);
  expect(notMine.status).toBe(404);
  expect(toModelUnfunded.status).toBe(402);

  const annsMessages = await app.ctx.db.select().from(messages).where(eq(messages.senderId, ann.user.id));
  expect(annsMessages.map((row) => row.text)).toEqual(['Stored']);
  expect((await conversationOf(app, ben.token, withBen)).unreadMessageCount).toBe(1);
});

it('one client id sent twice in the same statement is stored once; the second is answered as its retry', async () => {
  const ann = await createMember(app);
  const ben = await createMember(app);
  const conversationId = (await startConversation(app, ann.token, ben.user.id))._id;
  const repository = createMessagesRepository(app.ctx.db);
  const clientId = randomUUID();
  const values = { conversationId, senderId: ann.user.id, clientId, type: 'text' as const, text: 'Once', fileId: null, price: 0 };

  // Asked in one turn, so both are in one statement.
  const [first, second, other] = await Promise.all([
    repository.insertIfFree({ ...values, senderPaysModels: true }),
    repository.insertIfFree({ ...values, senderPaysModels: true }),
    repository.insertIfFree({ ...values, clientId: randomUUID(), text: 'Another', senderPaysModels: true }),
  ]);
  expect(first.record?.text).toBe('Once');
  expect(second).toEqual({ membership: first.membership, record: undefined });
  expect(other.record?.text).toBe('Another');
  expect(await app.ctx.db.select().from(messages).where(eq(messages.clientId, clientId))).toHaveLength(1);
  expect((await conversationOf(app, ben.token, conversationId)).unreadMessageCount).toBe(2);
});
