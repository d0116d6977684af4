import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contacts, conversationMembers, conversations, files, messages, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { visibleMemberWhere } from '../accounts';
import { contains } from './like';

/** The viewer's own side of a conversation and the other member's side. */
const me = alias(conversationMembers, 'me');
const them = alias(conversationMembers, 'them');
const otherAvatar = alias(files, 'other_avatar');

export type FileRef = { id: string; fileName: string };

/** A conversation as one member sees it, before presenting (the last message is read separately). */
export type ConversationViewRow = {
  id: string;
  viewerId: string;
  lastMessageId: string | null;
  lastMessageAt: Date | null;
  createdAt: Date;
  lastReadSeq: number;
  blocksOther: boolean;
  otherReadSeq: number;
  otherBlocksViewer: boolean;
  /** When the viewer deleted it from their list, or null (it starts deleted for the member who did not open it). */
  hiddenAt: Date | null;
  other: { id: string; username: string; name: string; type: 'user' | 'model'; tokenPerMessage: number };
  otherAvatar: FileRef | null;
  unread: number;
};

/** Both sides of a membership and the other person's account, for deciding who may do what. */
export type Membership = {
  conversationId: string;
  userId: string;
  otherUserId: string;
  blocksOther: boolean;
  otherBlocksMe: boolean;
  other: Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'role' | 'type' | 'status' | 'modelStatus' | 'tokenPerMessage'>;
};

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

/** The only code touching conversations and their members (and the few user facts they show). */
export function createConversationsRepository(db: Db) {
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

  async function findMembership(conversationId: string, userId: string, tx: DbOrTx = db): Promise<Membership | undefined> {
    const [row] = await tx
      .select({
        conversationId: me.conversationId,
        userId: me.userId,
        otherUserId: me.otherUserId,
        blocksOther: me.blocksOther,
        otherBlocksMe: them.blocksOther,
        other: {
          id: users.id,
          username: users.username,
          name: users.name,
          role: users.role,
          type: users.type,
          status: users.status,
          modelStatus: users.modelStatus,
          tokenPerMessage: users.tokenPerMessage,
        },
      })
      .from(me)
      .innerJoin(them, and(eq(them.conversationId, me.conversationId), eq(them.userId, me.otherUserId)))
      .innerJoin(users, eq(users.id, me.otherUserId))
      .where(and(eq(me.conversationId, conversationId), eq(me.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * The pair's conversation, made with both member rows when it did not exist yet: listed at once
   * for the member opening it, and for the other one from its first message on.
   */
  async function findOrCreatePair(userId: string, otherId: string, tx: DbOrTx): Promise<{ id: string; created: boolean }> {
    const [low, high] = userId < otherId ? [userId, otherId] : [otherId, userId];
    // A concurrent create of the same pair waits on the unique index, then finds this one.
    const [inserted] = await tx
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
      .returning({ id: conversations.id });
    if (inserted) {
      await tx.insert(conversationMembers).values([
        { conversationId: inserted.id, userId, otherUserId: otherId },
        // Hidden "since the epoch": any message at all lists it, whatever the clocks say, and none never does.
        { conversationId: inserted.id, userId: otherId, otherUserId: userId, hiddenAt: new Date(0) },
      ]);
      return { id: inserted.id, created: true };
    }
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)))
      .limit(1);
    if (!existing) throw new Error('conversation pair vanished between insert and read');
    return { id: existing.id, created: false };
  }

  async function unhide(conversationId: string, userId: string, tx: DbOrTx = db) {
    await tx
      .update(conversationMembers)
      .set({ hiddenAt: null })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  }

  /** Sets whether this member blocks the other; true when the row exists. */
  async function setBlocksOther(conversationId: string, userId: string, blocks: boolean, tx: DbOrTx = db): Promise<boolean> {
    const rows = await tx
      .update(conversationMembers)
      .set({ blocksOther: blocks })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
      .returning({ userId: conversationMembers.userId });
    return rows.length > 0;
  }

  /**
   * Moves the member's read position to the conversation's newest message (never backwards), and
   * optionally hides it from their list. It first waits for sends in flight (they hold the
   * conversation's lock until commit), so the position and the unread count it recounts from there
   * see the same messages: one committed meanwhile either counts as read or stays unread, never half.
   */
  async function markRead(conversationId: string, userId: string, opts: { hide?: boolean } = {}): Promise<number | undefined> {
    return db.transaction(async (tx) => {
      await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('share');
      const newest = sql`coalesce((select max(${messages.seq}) from ${messages} where ${messages.conversationId} = ${conversationId}), 0)`;
      const [row] = await tx
        .update(conversationMembers)
        .set({
          lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${newest})`,
          unreadCount: sql`(select count(*) from ${messages} where ${messages.conversationId} = ${conversationId}
            and ${messages.senderId} <> ${userId} and ${messages.deletedAt} is null
            and ${messages.seq} > greatest(${conversationMembers.lastReadSeq}, ${newest}))`,
          // A plain read of a listed conversation forgets the deletion it outlived, so a set `hiddenAt`
          // keeps meaning "not read since it was deleted or created" (the xChat new_conversation event).
          hiddenAt: opts.hide
            ? sql`now()`
            : sql`case when (select ${conversations.lastMessageAt} from ${conversations} where ${conversations.id} = ${conversationId})
                > ${conversationMembers.hiddenAt} then null else ${conversationMembers.hiddenAt} end`,
        })
        .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
        .returning({ lastReadSeq: conversationMembers.lastReadSeq });
      return row ? Number(row.lastReadSeq) : undefined;
    });
  }

  /** Everyone who shares a conversation with this member. */
  async function partnersOf(userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: conversationMembers.otherUserId })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, userId))
      .orderBy(asc(conversationMembers.otherUserId));
    return rows.map((r) => r.id);
  }

  /** Someone a conversation may be started with: a member others may see (the accounts module's rule). */
  async function findStartable(userId: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), visibleMemberWhere()))
      .limit(1);
    return row;
  }

  /** A member's public profile with the viewer's contact row, if any. */
  async function findProfile(userId: string, viewerId: string) {
    const [row] = await db
      .select({ user: users, avatar: { id: files.id, fileName: files.fileName }, contactId: contacts.id })
      .from(users)
      .leftJoin(files, eq(files.id, users.avatarFileId))
      .leftJoin(contacts, and(eq(contacts.ownerId, viewerId), eq(contacts.contactUserId, users.id)))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  return {
    findView,
    findBothViewsOf,
    listViews,
    totalUnread,
    findMembership,
    findOrCreatePair,
    unhide,
    setBlocksOther,
    markRead,
    partnersOf,
    findStartable,
    findProfile,
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
