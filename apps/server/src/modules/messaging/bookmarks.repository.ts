import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conversationMembers, files, messageBookmarks, messages, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { netEarnedBy } from '../wallet';
import { contains } from './like';

const senders = alias(users, 'sender');
const senderAvatars = alias(files, 'sender_avatar');
const others = alias(users, 'other');
const otherAvatars = alias(files, 'other_avatar');
const attachments = alias(files, 'attachment');

export type BookmarkRow = typeof messageBookmarks.$inferSelect;
/** The only code touching bookmarks. */
export function createBookmarksRepository(db: Db) {
  /** Adds the bookmark unless the member already has one for that message; `created` says which. */
  async function addOnce(userId: string, messageId: string): Promise<{ bookmark: BookmarkRow; created: boolean }> {
    const [inserted] = await db.insert(messageBookmarks).values({ userId, messageId }).onConflictDoNothing().returning();
    if (inserted) return { bookmark: inserted, created: true };
    const [existing] = await db
      .select()
      .from(messageBookmarks)
      .where(and(eq(messageBookmarks.userId, userId), eq(messageBookmarks.messageId, messageId)))
      .limit(1);
    if (!existing) throw new Error('bookmark vanished between insert and read');
    return { bookmark: existing, created: false };
  }

  /** Removes a member's own bookmark; undefined when they have none with that id. */
  async function removeOwn(userId: string, bookmarkId: string): Promise<BookmarkRow | undefined> {
    const [row] = await db
      .delete(messageBookmarks)
      .where(and(eq(messageBookmarks.id, bookmarkId), eq(messageBookmarks.userId, userId)))
      .returning();
    return row;
  }

  /** The member's bookmarks, newest first, with the message, its sender and the other person. */
  async function search(opts: { userId: string; q?: string | undefined; type?: BookmarkType | undefined; limit: number; skip: number }) {
    const conditions: SQL[] = [eq(messageBookmarks.userId, opts.userId)];
    if (opts.q) conditions.push(ilike(messages.text, contains(opts.q)));
    if (opts.type) conditions.push(eq(messages.type, opts.type));
    const where = and(...conditions);
    const rows = await db
      .select({
        bookmark: messageBookmarks,
        message: messages,
        file: attachments,
        earned: netEarnedBy(opts.userId, messages.transactionId),
        sender: { id: senders.id, username: senders.username, name: senders.name },
        senderAvatar: { id: senderAvatars.id, fileName: senderAvatars.fileName },
        other: { id: others.id, username: others.username, name: others.name },
        otherAvatar: { id: otherAvatars.id, fileName: otherAvatars.fileName },
      })
      .from(messageBookmarks)
      .innerJoin(messages, eq(messages.id, messageBookmarks.messageId))
      .leftJoin(attachments, eq(attachments.id, messages.fileId))
      .innerJoin(senders, eq(senders.id, messages.senderId))
      .leftJoin(senderAvatars, eq(senderAvatars.id, senders.avatarFileId))
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, opts.userId)),
      )
      .innerJoin(others, eq(others.id, conversationMembers.otherUserId))
      .leftJoin(otherAvatars, eq(otherAvatars.id, others.avatarFileId))
      .where(where)
      .orderBy(desc(messageBookmarks.createdAt), desc(messageBookmarks.id))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db
      .select({ n: count() })
      .from(messageBookmarks)
      .innerJoin(messages, eq(messages.id, messageBookmarks.messageId))
      .where(where);
    return { rows, count: total?.n ?? 0 };
  }

  return { addOnce, removeOwn, search };
}

type BookmarkType = (typeof messages.$inferSelect)['type'];
export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
export type BookmarkSearchRow = Awaited<ReturnType<BookmarksRepository['search']>>['rows'][number];
