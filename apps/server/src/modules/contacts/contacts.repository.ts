import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { contacts, files, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { type FileRef, type UserRow, visibleMemberWhere } from '../accounts';

/** A contact as the owner sees it: the other member, their avatar, and the favourite's own id. */
export type ContactRow = { user: UserRow; avatar: FileRef | null; contactId: string };

/** `%` and `_` are wildcards in LIKE; a search for "a_b" must match only that text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's favourite named by its own id or by the contact's user id. */
const ownedBy = (ownerId: string, idOrUserId: string) =>
  and(eq(contacts.ownerId, ownerId), or(eq(contacts.id, idOrUserId), eq(contacts.contactUserId, idOrUserId)));

/** The contacts table, and the narrow reads of members it needs (the accounts module exposes no lookup). */
export function createContactsRepository(db: Db) {
  const contactSelect = (tx: DbOrTx) =>
    tx
      .select({ user: users, avatar: { id: files.id, fileName: files.fileName }, contactId: contacts.id })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.contactUserId))
      .leftJoin(files, eq(files.id, users.avatarFileId));

  async function findVisibleMember(userId: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), visibleMemberWhere()))
      .limit(1);
    return row;
  }

  /** Adds the favourite; undefined when the owner already had it (the unique pair decides, even under races). */
  async function insert(values: { ownerId: string; contactUserId: string }, tx: DbOrTx = db) {
    const [row] = await tx.insert(contacts).values(values).onConflictDoNothing().returning({ id: contacts.id });
    return row;
  }

  async function findForOwner(ownerId: string, idOrUserId: string, tx: DbOrTx = db): Promise<ContactRow | undefined> {
    const [row] = await contactSelect(tx)
      .where(and(ownedBy(ownerId, idOrUserId), visibleMemberWhere()))
      .limit(1);
    return row;
  }

  /**
   * Newest first, as the list shows them; `q` matches name or username. Contacts others may not
   * see (deactivated, suspended) drop out of the list until they come back.
   */
  async function listForOwner(opts: { ownerId: string; q?: string | undefined; limit: number; skip: number }) {
    const conditions: SQL[] = [eq(contacts.ownerId, opts.ownerId), visibleMemberWhere()];
    if (opts.q) conditions.push(or(ilike(users.username, contains(opts.q)), ilike(users.name, contains(opts.q)))!);
    const where = and(...conditions);
    const rows: ContactRow[] = await contactSelect(db)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db.select({ n: count() }).from(contacts).innerJoin(users, eq(users.id, contacts.contactUserId)).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  /** Removes the owner's favourite; the removed row, or undefined when it was not theirs. */
  async function removeForOwner(ownerId: string, idOrUserId: string, tx: DbOrTx = db) {
    const [row] = await tx
      .delete(contacts)
      .where(ownedBy(ownerId, idOrUserId))
      .returning({ id: contacts.id, contactUserId: contacts.contactUserId });
    return row;
  }

  async function emailHasAccount(email: string, tx: DbOrTx = db): Promise<boolean> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return Boolean(row);
  }

  return { findVisibleMember, insert, findForOwner, listForOwner, removeForOwner, emailHasAccount };
}
export type ContactsRepository = ReturnType<typeof createContactsRepository>;
