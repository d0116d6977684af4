import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, notifications, users } from '../../db/schema';
import type { Db, DbOrTx, Tx } from '../../platform/db';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'type' | 'text' | 'link' | 'note' | 'actorId' | 'sourceKey'
>;
export type ActorRow = { id: string; username: string; name: string; avatarFileId: string | null; avatarFileName: string | null };
/** A notification with the member who caused it (null when nobody did, or they are gone). */
export type ListedNotification = { notification: NotificationRow; actor: ActorRow | null };
/** The few facts about a member the notification texts need. */
export type MemberFacts = { id: string; name: string; username: string; type: 'user' | 'model'; verificationDocument: unknown };

const actors = alias(users, 'actor');
const actorAvatars = alias(files, 'actor_avatar');
const listed = {
  notification: notifications,
  actor: {
    id: actors.id,
    username: actors.username,
    name: actors.name,
    avatarFileId: actorAvatars.id,
    avatarFileName: actorAvatars.fileName,
  },
};

/** The only code in this module that touches the database. */
export function createNotificationsRepository(db: Db) {
  function selectListed(tx: DbOrTx) {
    return tx
      .select(listed)
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .leftJoin(actorAvatars, eq(actorAvatars.id, actors.avatarFileId));
  }

  /**
   * Serialises one member's notification writes for the rest of the transaction, on every process:
   * the "one unread message notification per conversation" check and the unread count announced
   * with each change stay exact when several causes arrive at once.
   */
  async function lockMember(userId: string, tx: Tx) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cc:notifications:${userId}`}))`);
  }

  /** The new row, or undefined when this cause already notified this member. */
  async function insert(values: NewNotification, tx: DbOrTx = db): Promise<NotificationRow | undefined> {
    const [row] = await tx
      .insert(notifications)
      .values(values)
      .onConflictDoNothing({ target: [notifications.userId, notifications.sourceKey] })
      .returning();
    return row;
  }

  async function hasUnread(opts: { userId: string; type: NotificationRow['type']; link: string }, tx: DbOrTx = db): Promise<boolean> {
    const [row] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, opts.userId),
          eq(notifications.type, opts.type),
          eq(notifications.link, opts.link),
          eq(notifications.read, false),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function countUnread(userId: string, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return row?.n ?? 0;
  }

  /** One member's notifications, newest first, and how many there are in all. */
  async function listForMember(opts: { userId: string; unreadOnly: boolean; limit: number; skip: number }) {
    const where = and(eq(notifications.userId, opts.userId), opts.unreadOnly ? eq(notifications.read, false) : undefined);
    // One snapshot for the page and the total: a notification committed in between must not be
    // counted without being listed.
    return db.transaction(
      async (tx) => {
        const rows = await selectListed(tx)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(opts.limit)
          .offset(opts.skip);
        const [total] = await tx.select({ n: count() }).from(notifications).where(where);
        return { rows: rows.map(withActor), count: total?.n ?? 0 };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function findForMember(id: string, userId: string, tx: DbOrTx = db): Promise<ListedNotification | undefined> {
    const [row] = await selectListed(tx)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row ? withActor(row) : undefined;
  }

  /** True when this call turned it from unread to read. */
  async function markRead(id: string, userId: string, tx: DbOrTx = db): Promise<boolean> {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** Marks read the member's unread notifications of one type that point at `link`; their ids. */
  async function markReadByLink(opts: { userId: string; type: NotificationRow['type']; link: string }, tx: DbOrTx = db): Promise<string[]> {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(
        and(
          eq(notifications.userId, opts.userId),
          eq(notifications.type, opts.type),
          eq(notifications.link, opts.link),
          eq(notifications.read, false),
        ),
      )
      .returning({ id: notifications.id });
    return rows.map((row) => row.id);
  }

  /** How many turned from unread to read. */
  async function markAllRead(userId: string, tx: DbOrTx = db): Promise<number> {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /**
   * Names for the texts. The accounts module exposes no lookup through its index, so this narrow,
   * read-only query lives here.
   */
  async function findMember(id: string, tx: DbOrTx = db): Promise<MemberFacts | undefined> {
    const [row] = await tx
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        type: users.type,
        verificationDocument: users.verificationDocument,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  return { lockMember, insert, hasUnread, countUnread, listForMember, findForMember, markRead, markReadByLink, markAllRead, findMember };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** A left join yields an actor of nulls when there is none. */
function withActor(row: {
  notification: NotificationRow;
  actor: { [K in keyof ActorRow]: ActorRow[K] | null } | null;
}): ListedNotification {
  const actor = row.actor;
  if (!actor?.id || actor.username === null || actor.name === null) return { notification: row.notification, actor: null };
  return {
    notification: row.notification,
    actor: {
      id: actor.id,
      username: actor.username,
      name: actor.name,
      avatarFileId: actor.avatarFileId,
      avatarFileName: actor.avatarFileName,
    },
  };
}
