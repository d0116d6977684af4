import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { conversationMembers, files, messageBookmarks, messages } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { netEarnedBy } from '../wallet';
import { contains } from './like';
import type { MediaFileRow, MessageRow } from './message-rows';

// What reads messages: single messages and attachments by id, and pages of a conversation or of
// everything a member receives.

/** Messages as this viewer sees them: the attachment, their bookmark, what they earned. */
function rowsFor(tx: DbOrTx, viewerId: string) {
  return tx
    .select({ message: messages, file: files, bookmarkId: messageBookmarks.id, earned: netEarnedBy(viewerId, messages.transactionId) })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.fileId))
    .leftJoin(messageBookmarks, and(eq(messageBookmarks.messageId, messages.id), eq(messageBookmarks.userId, viewerId)));
}

/** Messages and attachments by id, and whether a viewer may read an attachment. */
export function createMessageLookups(db: Db) {
  async function findById(messageId: string, viewerId: string, tx: DbOrTx = db): Promise<MessageRow | undefined> {
    const [row] = await rowsFor(tx, viewerId).where(eq(messages.id, messageId)).limit(1);
    return row;
  }

  async function findByIds(messageIds: string[], viewerId: string): Promise<Map<string, MessageRow>> {
    if (messageIds.length === 0) return new Map();
    const rows = await rowsFor(db, viewerId).where(inArray(messages.id, messageIds));
    return new Map(rows.map((row) => [row.message.id, row]));
  }

  /** What this sender already stored under this client id (a retried send). */
  async function findBySenderClient(senderId: string, clientId: string, tx: DbOrTx = db): Promise<MessageRow | undefined> {
    const [row] = await rowsFor(tx, senderId)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
      .limit(1);
    return row;
  }

  async function findFile(fileId: string, tx: DbOrTx = db): Promise<MediaFileRow | undefined> {
    const [row] = await tx.select().from(files).where(eq(files.id, fileId)).limit(1);
    return row;
  }

  /** A viewer may read a file sent in a live message of a conversation they belong to. */
  async function isAttachmentVisibleTo(fileId: string, viewerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
      )
      .where(and(eq(messages.fileId, fileId), isNull(messages.deletedAt)))
      .limit(1);
    return Boolean(row);
  }

  return { findById, findByIds, findBySenderClient, findFile, isAttachmentVisibleTo };
}

/**
 * A page cut by `seq`: `after` alone reads forward from the cursor (so nothing is skipped); otherwise
 * backward. `skip` pages by position from the newest (`?page=` of the xChat client).
 */
type SeqWindow = { limit: number; before?: number | undefined; after?: number | undefined; skip?: number | undefined };

/** Pages of messages cut by `seq`, of one conversation or of all the viewer's. */
export function createMessagePages(db: Db) {
  /**
   * Runs a seq-windowed query newest first. Reading forward from `after` takes the oldest rows past
   * the cursor and turns them round, so a client catching up never skips a message.
   */
  async function windowed(where: SQL[], window: SeqWindow, viewerId: string, join?: 'member') {
    const conditions = [...where];
    if (window.before !== undefined) conditions.push(lt(messages.seq, window.before));
    if (window.after !== undefined) conditions.push(gt(messages.seq, window.after));
    const forward = window.after !== undefined && window.before === undefined;
    let query = rowsFor(db, viewerId).$dynamic();
    if (join === 'member') {
      query = query.innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
      );
    }
    const rows = await query
      .where(and(...conditions))
      .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
      .limit(window.limit + 1)
      .offset(window.skip ?? 0);
    const hasMore = rows.length > window.limit;
    const page = rows.slice(0, window.limit);
    return { rows: forward ? page.reverse() : page, hasMore };
  }

  /** A conversation's messages, newest first; `q` searches the live messages' text. */
  async function page(opts: { conversationId: string; viewerId: string; q?: string | undefined } & SeqWindow) {
    const where: SQL[] = [eq(messages.conversationId, opts.conversationId)];
    if (opts.q) where.push(ilike(messages.text, contains(opts.q)), isNull(messages.deletedAt));
    const [total] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(...where));
    const { rows, hasMore } = await windowed(where, opts, opts.viewerId);
    return { rows, hasMore, count: total?.n ?? 0 };
  }

  /** Messages in all the viewer's conversations, newest first, or the ones right after `since`. */
  async function latest(opts: { viewerId: string; limit: number; since?: number | undefined }) {
    const memberOf = and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, opts.viewerId));
    const where: SQL[] = opts.since !== undefined ? [gt(messages.seq, opts.since)] : [];
    const [total] = await db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversationMembers, memberOf)
      .where(and(...where));
    const { rows } = await windowed(where, { limit: opts.limit, after: opts.since }, opts.viewerId, 'member');
    return { rows, count: total?.n ?? 0 };
  }

  return { page, latest };
}
