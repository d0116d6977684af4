import { and, eq, lt } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

/**
 * Provider notifications already handled, by notification id. Also where the sandbox records spent
 * nonces (provider 'sandbox-nonce'): the fixed schema has no table of its own for them, and this one
 * already gives exactly "insert once, across processes".
 */
export function createWebhookEventsRepository(db: Db) {
  return {
    /** True when this call recorded the event; false when it had been recorded before. */
    async claim(
      values: { provider: string; notificationId: string; eventType: string; payload: unknown },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(webhookEvents)
        .values({ ...values, payload: values.payload ?? {} })
        .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.notificationId] })
        .returning({ id: webhookEvents.id });
      return rows.length > 0;
    },

    async deleteOlderThan(provider: string, before: Date, tx: DbOrTx = db): Promise<void> {
      await tx.delete(webhookEvents).where(and(eq(webhookEvents.provider, provider), lt(webhookEvents.receivedAt, before)));
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof createWebhookEventsRepository>;
