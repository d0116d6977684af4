import { and, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { Db } from '../../platform/db';

export type StoredPushSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** The browsers that take push messages for a member; the only code touching push_subscriptions. */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    /** One row per endpoint: subscribing again refreshes its keys and makes it this member's. */
    async save(userId: string, subscription: Omit<StoredPushSubscription, 'id'>): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth },
        });
    },

    /** Removes the member's own subscription for this endpoint; anyone else's stays. */
    async remove(userId: string, endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async listFor(userId: string): Promise<StoredPushSubscription[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
    },

    /** The push service said it is gone (404/410). */
    async drop(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
