import type { AuditEntry, auditRoutes, RouteQueryOut } from '@cc/contracts';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import { currentAuth } from './auth';
import type { Db, DbOrTx } from './db';

/** The administrator behind an action and where the request came from (request.ip honours only a configured proxy). */
export type AdminActor = { id: string; email: string; ip: string | null };

export function adminActor(request: FastifyRequest): AdminActor {
  const { user } = currentAuth(request);
  return { id: user.id, email: user.email, ip: request.ip || null };
}

type Fields = Record<string, unknown>;

/** What one administrator action changed. `before` is null for a creation, `after` for a removal. */
export type AuditRecord = {
  action: string;
  target: { type: string; id: string | null };
  before: Fields | null;
  after: Fields | null;
};

/**
 * Keeps the fields whose values differ, on both sides, so a row says what the action changed and
 * not the whole object (dates and nested objects compare by their JSON).
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const changed = Object.keys({ ...before, ...after }).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}

/** '2026-11-29' → the day after, so a bare `to` date includes that whole day. */
const endOf = (to: string) => (to.length === 10 ? new Date(Date.parse(to) + 86_400_000) : new Date(to));

/**
 * The administrators' audit trail (docs/architecture.md#audit-log). `record` takes the action's
 * transaction: the row exists exactly when the change does. The table refuses UPDATE, DELETE and
 * TRUNCATE (migration 0009), so this module has no way to change a row either.
 */
export function createAuditLog(db: Db) {
  async function record(actor: AdminActor, entry: AuditRecord, tx: DbOrTx) {
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      before: entry.before,
      after: entry.after,
    });
  }

  async function list(query: RouteQueryOut<typeof auditRoutes.list>) {
    const where: SQL[] = [];
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.action, pattern), ilike(auditLog.targetId, pattern))!);
    }
    if (query.action) where.push(or(eq(auditLog.action, query.action), like(auditLog.action, `${query.action.replace(/[\\%_]/g, '')}.%`))!);
    if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
    if (query.targetId) where.push(eq(auditLog.targetId, query.targetId));
    if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
    if (query.to) where.push(lt(auditLog.createdAt, endOf(query.to)));
    const condition = where.length ? and(...where) : undefined;

    const rows = await db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.skip);
    const [total] = await db.select({ n: count() }).from(auditLog).where(condition);
    const items: AuditEntry[] = rows.map((row) => ({
      _id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before as Fields | null,
      after: row.after as Fields | null,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    }));
    return { items, count: total?.n ?? 0 };
  }

  return { record, list };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
