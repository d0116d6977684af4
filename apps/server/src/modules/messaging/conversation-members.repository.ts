import { and, asc, eq, sql } from 'drizzle-orm';
import { contacts, conversationMembers, conversations, files, messages, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { visibleMemberWhere } from '../accounts';
import { me, them, type Membership } from './conversation-rows';

// Conversations' members: who is in one and with whom (read before anything is allowed), and what
// a member changes of their side (starting a pair, unhiding, blocking, reading).

/** Who is in a conversation, who shares one with a member, and the people it may be started with. */
export function createConversationMembers(db: Db) {
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

  return { findMembership, partnersOf, findStartable, findProfile };
}

/** What a member changes of their side of a conversation: starting it, unhiding, blocking, reading. */
export function createConversationChanges(db: Db) {
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

  return { findOrCreatePair, unhide, setBlocksOther, markRead };
}
