import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { contacts, files, users } from '../../db/schema';
import { isUuid, type Db, type DbOrTx } from '../../platform/db';
import { perTurnLookup } from '../../platform/turn-batch';
import { visibleMemberWhere } from './member-visibility';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;
export type FileRef = { id: string; fileName: string };
/** A member as a list shows them: the row, the avatar file, and the caller's contact row if any. */
export type ListedRow = { user: UserRow; avatar: FileRef | null; contactId: string | null };
export type ModelsFilter = 'pending' | 'approved' | 'refused' | 'all';

/** `%` and `_` are wildcards in LIKE; a search for "a_b" must match only that text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

const avatarColumns = { id: files.id, fileName: files.fileName };

/**
 * The only place that touches the users table (and the files and contacts it joins). `onChanged`
 * hears of every account update as it is written, so copies of the row kept elsewhere (the
 * sign-in cache, platform/auth.ts) are dropped at once.
 */
export function createUsersRepository(db: Db, opts: { onChanged?: (userId: string) => void } = {}) {
  return { ...accountRows(db, opts), ...accountFiles(db), ...memberLists(db) };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** One account's row: found, locked, inserted, updated. */
function accountRows(db: Db, opts: { onChanged?: (userId: string) => void }) {
  // Read on every payment and call (member-lookup): prepared once (platform/db.ts preparedStatement
  // says why), and the reads of one turn answered by one statement.
  const byIds = db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('users_find_many');
  const findById = perTurnLookup(
    (ids: string[]) => byIds.execute({ ids: ids.filter(isUuid) }),
    (user) => user.id,
  );

  /** Locks the row until the transaction ends, so two writers to one account take turns. */
  async function lockById(id: string, tx: DbOrTx) {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return row;
  }

  async function findByEmail(email: string, tx: DbOrTx = db) {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async function isEmailTaken(email: string, tx: DbOrTx = db) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return Boolean(row);
  }

  async function isUsernameTaken(username: string, exceptUserId?: string, tx: DbOrTx = db) {
    const conditions = [eq(users.username, username)];
    if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions))
      .limit(1);
    return Boolean(row);
  }

  async function insert(values: NewUser, tx: DbOrTx = db) {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  }

  async function update(id: string, patch: UserPatch, tx: DbOrTx = db) {
    const [row] = await tx
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    opts.onChanged?.(id);
    return row;
  }

  async function hasAdmin(tx: DbOrTx = db) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    return Boolean(row);
  }

  async function firstAdminEmail() {
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row?.email;
  }

  return { findById, lockById, findByEmail, isEmailTaken, isUsernameTaken, insert, update, hasAdmin, firstAdminEmail };
}

/** The account's files: avatars and documents. */
function accountFiles(db: Db) {
  async function filesByIds(ids: (string | null | undefined)[], tx: DbOrTx = db): Promise<Map<string, FileRef>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await tx.select(avatarColumns).from(files).where(inArray(files.id, wanted));
    return new Map(rows.map((f) => [f.id, f]));
  }

  /** A file row, whoever owns it; the caller checks the owner and kind. */
  async function findFile(id: string, tx: DbOrTx = db) {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  }

  async function insertFile(values: typeof files.$inferInsert, tx: DbOrTx = db) {
    const [row] = await tx.insert(files).values(values).returning();
    return row!;
  }

  /** Removes a file row and returns its storage key, for the caller to delete after commit. */
  async function deleteFile(id: string, tx: DbOrTx = db) {
    const [row] = await tx.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
    return row?.storageKey;
  }

  return { filesByIds, findFile, insertFile, deleteFile };
}

/** Members as lists show them: the directory's search, the review queue, the administrators' list. */
function memberLists(db: Db) {
  /** The viewer's own contact row for each member; a signed-out viewer (null) has none. */
  const viewersContact = (viewerId: string | null): SQL =>
    viewerId ? and(eq(contacts.ownerId, viewerId), eq(contacts.contactUserId, users.id))! : sql`false`;

  function listedSelect(viewerId: string | null) {
    return db
      .select({ user: users, avatar: avatarColumns, contactId: contacts.id })
      .from(users)
      .leftJoin(files, eq(files.id, users.avatarFileId))
      .leftJoin(contacts, viewersContact(viewerId));
  }

  async function findVisibleByUsername(username: string, viewerId: string | null): Promise<ListedRow | undefined> {
    const [row] = await listedSelect(viewerId)
      .where(and(eq(users.username, username), visibleMemberWhere()))
      .limit(1);
    return row;
  }

  /** Members the viewer (null when signed out) may find, by username or name; optionally only the viewer's contacts. */
  async function searchVisible(opts: {
    viewerId: string | null;
    q?: string | undefined;
    username?: string | undefined;
    type?: 'user' | 'model' | undefined;
    friendsOnly: boolean;
    limit: number;
    skip: number;
  }): Promise<{ rows: ListedRow[]; count: number }> {
    const conditions: SQL[] = [visibleMemberWhere()];
    if (opts.viewerId) conditions.push(ne(users.id, opts.viewerId));
    if (opts.q) conditions.push(or(ilike(users.username, contains(opts.q)), ilike(users.name, contains(opts.q)))!);
    if (opts.username) conditions.push(ilike(users.username, contains(opts.username)));
    if (opts.type) conditions.push(eq(users.type, opts.type));
    if (opts.friendsOnly) conditions.push(isNotNull(contacts.id));
    const where = and(...conditions);

    const rows = await listedSelect(opts.viewerId).where(where).orderBy(asc(users.username)).limit(opts.limit).offset(opts.skip);
    const [total] = await db.select({ n: count() }).from(users).leftJoin(contacts, viewersContact(opts.viewerId)).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  /** Models for the review queue: pending ones oldest submission first, others newest first. */
  async function listModels(opts: { status: ModelsFilter; limit: number; skip: number }) {
    const conditions: SQL[] = [eq(users.type, 'model'), eq(users.role, 'user')];
    if (opts.status !== 'all') conditions.push(eq(users.modelStatus, opts.status));
    const submittedAt = sql`${users.verificationDocument}->>'submittedAt'`;
    const order = opts.status === 'pending' ? asc(submittedAt) : desc(submittedAt);
    const rows = await db
      .select({ user: users, avatar: avatarColumns })
      .from(users)
      .leftJoin(files, eq(files.id, users.avatarFileId))
      .where(and(...conditions))
      .orderBy(sql`${order} nulls last`, asc(users.id))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db
      .select({ n: count() })
      .from(users)
      .where(and(...conditions));
    return { rows, count: total?.n ?? 0 };
  }

  /** Every account for administrators; q matches username, name or e-mail. */
  async function listAll(opts: { q?: string | undefined; limit: number; skip: number }) {
    const where = opts.q
      ? or(ilike(users.username, contains(opts.q)), ilike(users.name, contains(opts.q)), ilike(users.email, contains(opts.q)))
      : undefined;
    const rows = await db
      .select({ user: users, avatar: avatarColumns })
      .from(users)
      .leftJoin(files, eq(files.id, users.avatarFileId))
      .where(where)
      .orderBy(asc(users.username))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  return { findVisibleByUsername, searchVisible, listModels, listAll };
}
