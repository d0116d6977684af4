import type { adminContactRoutes, RouteQueryOut } from '@cc/contracts';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contactMessages, users } from '../../db/schema';
import type { Db, DbOrTx, Tx } from '../../platform/db';

export type ContactMessageRecord = typeof contactMessages.$inferSelect;
/** A stored message with the usernames of its sender and of the administrator who handled it. */
export type ContactMessageView = ContactMessageRecord & { senderUsername: string | null; handlerUsername: string | null };
export type ContactMessagesFilter = RouteQueryOut<typeof adminContactRoutes.list>;

/** `q` is matched literally: %, _ and \ the administrator types are not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** '2026-11-29' → the next midnight, so a bare `to` date includes that whole day (as the audit log does). */
const endOf = (to: string) => (to.length === 10 ? new Date(Date.parse(to) + 86_400_000) : new Date(to));

const senders = alias(users, 'contact_sender');
const handlers = alias(users, 'contact_handler');

/** The contact_messages table (docs/product.md#contact). */
export function createContactMessagesRepository(db: Db) {
  const viewSelect = (tx: DbOrTx = db) =>
    tx
      .select({ message: contactMessages, senderUsername: senders.username, handlerUsername: handlers.username })
      .from(contactMessages)
      .leftJoin(senders, eq(senders.id, contactMessages.userId))
      .leftJoin(handlers, eq(handlers.id, contactMessages.handledBy));

  const toView = (row: { message: ContactMessageRecord; senderUsername: string | null; handlerUsername: string | null }) => ({
    ...row.message,
    senderUsername: row.senderUsername,
    handlerUsername: row.handlerUsername,
  });

  async function insert(values: { name: string; email: string; message: string; userId: string | null }, tx: DbOrTx = db) {
    const [row] = await tx.insert(contactMessages).values(values).returning();
    return row!;
  }

  async function list(filter: ContactMessagesFilter): Promise<{ rows: ContactMessageView[]; count: number; open: number }> {
    const where: SQL[] = [];
    if (filter.status === 'open') where.push(isNull(contactMessages.handledAt));
    if (filter.status === 'handled') where.push(isNotNull(contactMessages.handledAt));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      where.push(or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.message, pattern))!);
    }
    if (filter.from) where.push(gte(contactMessages.createdAt, new Date(filter.from)));
    if (filter.to) where.push(lt(contactMessages.createdAt, endOf(filter.to)));
    const condition = where.length ? and(...where) : undefined;

    const rows = await viewSelect()
      .where(condition)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(filter.limit)
      .offset(filter.skip);
    const [total] = await db.select({ n: count() }).from(contactMessages).where(condition);
    const [open] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt));
    return { rows: rows.map(toView), count: total?.n ?? 0, open: open?.n ?? 0 };
  }

  /** Holds the message's row, so two administrators acting at once leave one audit row per real change. */
  async function lock(id: string, tx: Tx): Promise<ContactMessageRecord | undefined> {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update');
    return row;
  }

  /** Marks it handled by `adminId`, or with null puts it back among the open ones. */
  async function setHandled(id: string, adminId: string | null, tx: Tx): Promise<ContactMessageRecord> {
    const [row] = await tx
      .update(contactMessages)
      .set({ handledAt: adminId ? new Date() : null, handledBy: adminId })
      .where(eq(contactMessages.id, id))
      .returning();
    return row!;
  }

  async function findView(id: string, tx: DbOrTx = db): Promise<ContactMessageView | undefined> {
    const [row] = await viewSelect(tx).where(eq(contactMessages.id, id)).limit(1);
    return row ? toView(row) : undefined;
  }

  return { insert, list, lock, setHandled, findView };
}
export type ContactMessagesRepository = ReturnType<typeof createContactMessagesRepository>;
