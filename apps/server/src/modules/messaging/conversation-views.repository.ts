import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, conversations, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { me, otherAvatar, them, type ConversationViewRow } from './conversation-rows';
import { contains } from './like';

// Conversations as a member sees them: one, both members' (read for every message sent), a page
// of the viewer's list, and their unread total.

/**
 * Whether the viewer's list shows it: not hidden, or a message arrived after they hid it. A new
 * conversation starts hidden for the member who did not open it, so it reaches their list (and
 * their search) with its first message, never empty (docs/product.md#messaging).
 */
const listedForMe = or(isNull(me.hiddenAt), gt(conversations.lastMessageAt, me.hiddenAt))!;

/** A conversation as the member joined as `me` sees it (`ConversationViewRow`). */
const viewFields = {
  id: conversations.id,
  viewerId: me.userId,
  lastMessageId: conversations.lastMessageId,
  lastMessageAt: conversations.lastMessageAt,
  createdAt: conversations.createdAt,
  lastReadSeq: me.lastReadSeq,
  blocksOther: me.blocksOther,
  otherReadSeq: them.lastReadSeq,
  otherBlocksViewer: them.blocksOther,
  hiddenAt: me.hiddenAt,
  other: { id: users.id, username: users.username, name: users.name, type: users.type, tokenPerMessage: users.tokenPerMessage },
  otherAvatar: { id: otherAvatar.id, fileName: otherAvatar.fileName },
  unread: me.unreadCount,
};

/** The same with the member's unread messages over all their conversations (one read per live event). */
const viewWithTotalFields = {
  ...viewFields,
  totalUnread:
    sql<number>`(select coalesce(sum(mine.unread_count), 0) from conversation_members mine where mine.user_id = ${me.userId})`.mapWith(
      Number,
    ),
};

/** Members' views of conversations and their unread counts. */
export function createConversationViews(db: Db) {
  function viewSelect(tx: DbOrTx = db) {
    return tx
      .select(viewFields)
      .from(me)
      .innerJoin(conversations, eq(conversations.id, me.conversationId))
      .innerJoin(them, and(eq(them.conversationId, me.conversationId), eq(them.userId, me.otherUserId)))
      .innerJoin(users, eq(users.id, me.otherUserId))
      .leftJoin(otherAvatar, eq(otherAvatar.id, users.avatarFileId));
  }

  // The joins of viewSelect, with one more column (a generic select would lose the row type). Read
  // for every message sent, so prepared once (platform/db.ts preparedStatement says why).
  const bothViews = db
    .select(viewWithTotalFields)
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(them, and(eq(them.conversationId, me.conversationId), eq(them.userId, me.otherUserId)))
    .innerJoin(users, eq(users.id, me.otherUserId))
    .leftJoin(otherAvatar, eq(otherAvatar.id, users.avatarFileId))
    .where(sql`${me.conversationId} = any(${sql.placeholder('conversationIds')}::uuid[])`)
    .prepare('conversations_both_views');

  /** Both members' views of each of these conversations, by conversation, each with that member's total unread. */
  async function findBothViewsOf(conversationIds: string[]) {
    const byConversation = new Map<string, Awaited<ReturnType<typeof bothViews.execute>>>();
    for (const view of await bothViews.execute({ conversationIds })) {
      const both = byConversation.get(view.id);
      if (both) both.push(view);
      else byConversation.set(view.id, [view]);
    }
    return byConversation;
  }

  async function findView(conversationId: string, viewerId: string, tx: DbOrTx = db): Promise<ConversationViewRow | undefined> {
    const [row] = await viewSelect(tx)
      .where(and(eq(me.conversationId, conversationId), eq(me.userId, viewerId)))
      .limit(1);
    return row;
  }

  /** The viewer's conversations, most recent first; `q` matches the other person's name or username. */
  async function listViews(opts: { viewerId: string; q?: string | undefined; limit: number; skip: number }) {
    const conditions: SQL[] = [eq(me.userId, opts.viewerId), listedForMe];
    if (opts.q) conditions.push(or(ilike(users.name, contains(opts.q)), ilike(users.username, contains(opts.q)))!);
    const where = and(...conditions);
    const rows = await viewSelect()
      .where(where)
      .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db
      .select({ n: count() })
      .from(me)
      .innerJoin(conversations, eq(conversations.id, me.conversationId))
      .innerJoin(users, eq(users.id, me.otherUserId))
      .where(where);
    return { rows, count: total?.n ?? 0 };
  }

  /** Unread messages over all the viewer's conversations. */
  async function totalUnread(viewerId: string, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)`.mapWith(Number) })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, viewerId));
    return row?.n ?? 0;
  }

  return { findView, findBothViewsOf, listViews, totalUnread };
}
