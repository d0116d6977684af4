import { count, desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * The outbox as administrators may see it. The bodies are never selected: they carry e-mail
 * verification and password-reset codes, and an administrator reading those would be able to take
 * over any account for no purpose the support work needs.
 */
const visibleColumns = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  lastError: mailOutbox.lastError,
};
export type OutboxMailRow = { [K in keyof typeof visibleColumns]: (typeof mailOutbox.$inferSelect)[K] };

export const createOutboxRepository = (db: Db) => ({
  async listNewestFirst({ limit, skip }: { limit: number; skip: number }): Promise<{ rows: OutboxMailRow[]; total: number }> {
    const rows = await db
      .select(visibleColumns)
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(skip);
    const [total] = await db.select({ n: count() }).from(mailOutbox);
    return { rows, total: total?.n ?? 0 };
  },
});
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
