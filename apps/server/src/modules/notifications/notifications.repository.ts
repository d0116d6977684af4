import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, notifications, users } from '../../db/schema';
import { isUuid, preparedStatement, type Db, type DbOrTx } from '../../platform/db';
import { perTurnLookup } from '../../platform/turn-batch';

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
  return { ...notificationCreation(db), ...notificationReads(db), ...notificationMarks(db) };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

function selectListed(tx: DbOrTx) {
  return tx
    .select(listed)
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(actorAvatars, eq(actorAvatars.id, actors.avatarFileId));
}

/** New notifications, each counted in the statement that writes it. */
function notificationCreation(db: Db) {
  /**
   * Creates a notification and counts it, in one statement: the new row, read back with its actor,
   * and the member's unread count right after it. Undefined when this cause already notified this
   * member (`notifications_user_source_key`), or when it is a message notification and one for the
   * same conversation is still unread (`notifications_unread_message_once`): the unique indexes
   * decide, so two arriving at once cannot both pass. The count is `notification_counts`, moved in
   * the same statement under its row's lock, so each creation's count is exact and no lock is held
   * beyond the statement.
   */
  async function create(values: NewNotification, tx: DbOrTx = db): Promise<Counted<ListedNotification> | undefined> {
    const [created] = await createMany([values], tx);
    return created;
  }

  /**
   * `create` for many notifications in one statement: for each, in order, what `create` answers.
   * The counter of a member notified several times moves once, and each of their notifications is
   * answered with the count right after it (the count after all of them, less those after it).
   * The same cause (member and `sourceKey`) asked twice among them notifies once: the repeat is
   * answered undefined.
   */
  async function createMany(values: NewNotification[], tx: DbOrTx = db): Promise<(Counted<ListedNotification> | undefined)[]> {
    const seen = new Set<string>();
    const once = values.filter((value) => {
      const cause = `${value.userId}:${value.sourceKey}`;
      const first = !seen.has(cause);
      seen.add(cause);
      return first;
    });
    const rows = await createManyStatement(tx, {
      userIds: once.map((value) => value.userId),
      types: once.map((value) => value.type),
      texts: once.map((value) => value.text),
      links: once.map((value) => value.link ?? null),
      notes: once.map((value) => value.note ?? null),
      actorIds: once.map((value) => value.actorId ?? null),
      sourceKeys: once.map((value) => value.sourceKey),
    });
    const created = new Map<NewNotification, Counted<ListedNotification>>();
    for (const row of rows) created.set(once[Number(row.position) - 1]!, { value: fromJson(row.result.row), unread: row.result.unread });
    return values.map((value) => created.get(value));
  }

  return { create, createMany };
}

/** A member's notifications and unread count, and the names the texts need. */
function notificationReads(db: Db) {
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

  /**
   * Names for the texts. The accounts module exposes no lookup through its index, so this narrow,
   * read-only query lives here: prepared once, and the reads of one turn answered by one statement
   * (many payers of one model are named together).
   */
  const membersByIds = db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      type: users.type,
      verificationDocument: users.verificationDocument,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notifications_members');
  const findMember: (id: string) => Promise<MemberFacts | undefined> = perTurnLookup(
    (ids: string[]) => membersByIds.execute({ ids: ids.filter(isUuid) }),
    (member) => member.id,
  );

  return { countUnread, listForMember, findMember };
}

/** Marking read, with the unread count moved in the same statement. */
function notificationMarks(db: Db) {
  /**
   * Marks one of the member's notifications read, with the unread count after it; undefined when
   * it is not theirs. `changed` says whether this call turned it from unread to read (only then
   * does the count move). The answer shows it read, as it now is.
   */
  async function markRead(id: string, userId: string): Promise<(Counted<ListedNotification> & { changed: boolean }) | undefined> {
    const result = await db.execute(sql`
      with changed as (
        update notifications set read = true where id = ${id}::uuid and user_id = ${userId}::uuid and not read returning id
      ),
      counted as (
        update notification_counts set unread = unread - 1
        where user_id = ${userId}::uuid and exists (select 1 from changed)
        returning unread
      )
      select json_build_object(
        'row', ${listedJson(sql`n`)},
        'changed', exists (select 1 from changed),
        'unread', (select unread from counted)
      ) as result
      from notifications n
      ${actorJoins(sql`n`)}
      where n.id = ${id}::uuid and n.user_id = ${userId}::uuid
    `);
    const [row] = rowsOf<{ result: { row: ListedJson; changed: boolean; unread: number | null } }>(result);
    if (!row) return undefined;
    const listed = fromJson(row.result.row);
    // This statement's read of the row predates its own update (and maybe another's): it is read now.
    listed.notification.read = true;
    return { value: listed, changed: row.result.changed, unread: row.result.unread ?? 0 };
  }

  /** Marks read the member's unread notifications of one type that point at `link`: their ids, and the unread count after. */
  async function markReadByLink(opts: { userId: string; type: NotificationRow['type']; link: string }): Promise<Counted<string[]>> {
    return markReadWhere(
      opts.userId,
      sql`user_id = ${opts.userId}::uuid and type = ${opts.type} and link = ${opts.link} and not read`,
      false,
    );
  }

  /** Marks all the member's notifications read: which turned from unread to read, and the unread count after. */
  async function markAllRead(userId: string): Promise<Counted<string[]>> {
    return markReadWhere(userId, sql`user_id = ${userId}::uuid and not read`, true);
  }

  /**
   * One statement: mark read, and take as many off the count. With `always`, the count row is
   * touched even when nothing changed, so the count answered is the current one (a notification
   * created meanwhile stays unread and counted).
   */
  async function markReadWhere(userId: string, where: SQL, always: boolean): Promise<Counted<string[]>> {
    const result = await db.execute(sql`
      with changed as (
        update notifications set read = true where ${where} returning id
      ),
      counted as (
        update notification_counts set unread = unread - (select count(*) from changed)
        where user_id = ${userId}::uuid ${always ? sql`` : sql`and exists (select 1 from changed)`}
        returning unread
      )
      select json_build_object(
        'ids', (select coalesce(json_agg(id), '[]'::json) from changed),
        'unread', (select unread from counted)
      ) as result
    `);
    const [row] = rowsOf<{ result: { ids: string[]; unread: number | null } }>(result);
    return { value: row!.result.ids, unread: row!.result.unread ?? 0 };
  }

  return { markRead, markReadByLink, markAllRead };
}

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

/** Something a statement changed, with the member's unread count right after it. */
export type Counted<T> = { value: T; unread: number };

/** A listed notification as `listedJson` builds it (snake case dropped, dates as text). */
type ListedJson = {
  id: string;
  userId: string;
  type: NotificationRow['type'];
  text: string;
  link: string | null;
  note: string | null;
  actorId: string | null;
  sourceKey: string;
  read: boolean;
  createdAt: string;
  actor: ActorRow | null;
};

/**
 * A notification row (alias `n`) and its actor as one JSON value: both drivers answer JSON the
 * same way (node-postgres leaves timestamps as text, PGlite makes them dates).
 */
const listedJson = (n: SQL) => sql`json_build_object(
  'id', ${n}.id, 'userId', ${n}.user_id, 'type', ${n}.type, 'text', ${n}.text, 'link', ${n}.link, 'note', ${n}.note,
  'actorId', ${n}.actor_id, 'sourceKey', ${n}.source_key, 'read', ${n}.read, 'createdAt', ${n}.created_at,
  'actor', case when actor.id is null then null else json_build_object(
    'id', actor.id, 'username', actor.username, 'name', actor.name, 'avatarFileId', actor_avatar.id, 'avatarFileName', actor_avatar.file_name
  ) end
)`;
const actorJoins = (n: SQL) => sql`
  left join users actor on actor.id = ${n}.actor_id
  left join files actor_avatar on actor_avatar.id = actor.avatar_file_id`;

function fromJson({ actor, createdAt, ...notification }: ListedJson): ListedNotification {
  return { notification: { ...notification, createdAt: new Date(createdAt) }, actor };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Many notifications, one array per column, in the same order. */
type NewNotifications = {
  userIds: string[];
  types: string[];
  texts: string[];
  links: (string | null)[];
  notes: (string | null)[];
  actorIds: (string | null)[];
  sourceKeys: string[];
};

const param = sql.placeholder;

/** `createMany`'s statement: `create`'s, for one array element per notification (`position`, from 1). */
const createManyStatement = preparedStatement<NewNotifications, { position: string; result: { row: ListedJson; unread: number } }>(
  'notifications_create_many',
  sql`
    with wanted as materialized (
      select * from unnest(${param('userIds')}::uuid[], ${param('types')}::text[], ${param('texts')}::text[], ${param('links')}::text[],
        ${param('notes')}::text[], ${param('actorIds')}::uuid[], ${param('sourceKeys')}::text[])
        with ordinality as wanted(user_id, type, text, link, note, actor_id, source_key, position)
    ),
    inserted as (
      insert into notifications (user_id, type, text, link, note, actor_id, source_key)
      select user_id, type, text, link, note, actor_id, source_key from wanted order by position
      on conflict do nothing
      returning id, user_id, type, text, link, note, actor_id, source_key, read, created_at
    ),
    counted as (
      insert into notification_counts (user_id, unread)
      select user_id, count(*)::integer from inserted group by user_id
      on conflict (user_id) do update set unread = notification_counts.unread + excluded.unread
      returning user_id, unread
    ),
    n as (
      select inserted.*, wanted.position,
        count(*) over (partition by inserted.user_id order by wanted.position desc) - 1 as later
      from inserted join wanted using (user_id, source_key)
    )
    select n.position::text as position, json_build_object('row', ${listedJson(sql`n`)}, 'unread', counted.unread - n.later) as result
    from n
    join counted using (user_id)
    ${actorJoins(sql`n`)}
  `,
);
