import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { conversationOf, sendText, startConversation, unreadTotal } from './helpers';

/**
 * Unread counts are kept as counters (docs/decisions/0007-messaging.md). Sends, reads and deletes
 * racing each other in one conversation must leave each member's counter equal to what counting the
 * messages says: the other member's live messages after their read position.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Counted from the messages themselves, as the answer must be. */
async function countedUnread(conversationId: string, viewerId: string): Promise<number> {
  const result = (await app.ctx.db.execute(sql`
    select count(*)::int as n from messages m
    join conversation_members me on me.conversation_id = m.conversation_id and me.user_id = ${viewerId}::uuid
    where m.conversation_id = ${conversationId}::uuid and m.sender_id <> ${viewerId}::uuid
      and m.seq > me.last_read_seq and m.deleted_at is null`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

it('keeps both members’ unread counts exact while sends, reads and deletes race', async () => {
  const ann = await createMember(app);
  const ben = await createMember(app);
  const { _id: conversationId } = await startConversation(app, ann.token, ben.user.id);
  const read = (token: string) => app.request('POST', `/api/conversation/${conversationId}/read`, { token });
  const remove = (token: string, id: string) => app.request('DELETE', `/api/messages/${id}`, { token });

  for (let round = 0; round < 4; round++) {
    const sent = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => sendText(app, ann.token, conversationId, `Ann ${round}.${i}`)),
      ...Array.from({ length: 3 }, (_, i) => sendText(app, ben.token, conversationId, `Ben ${round}.${i}`)),
      read(ben.token).then(() => undefined),
    ]);
    const annMessages = sent.filter((m) => m?.senderId === ann.user.id);
    await Promise.all([
      remove(ann.token, annMessages[0]!._id),
      remove(ann.token, annMessages[1]!._id),
      sendText(app, ann.token, conversationId, `Ann ${round} again`),
      read(ben.token),
      read(ann.token),
      sendText(app, ben.token, conversationId, `Ben ${round} again`),
    ]);
  }

  // And a last message, racing a read of the other side, so something is left to count.
  await Promise.all([sendText(app, ann.token, conversationId, 'Last from Ann'), read(ann.token)]);

  for (const member of [ann, ben]) {
    const expected = await countedUnread(conversationId, member.user.id);
    expect((await conversationOf(app, member.token, conversationId)).unreadMessageCount).toBe(expected);
    expect(await unreadTotal(app, member.token)).toBe(expected);
  }
  expect(await countedUnread(conversationId, ben.user.id)).toBeGreaterThan(0);
});
