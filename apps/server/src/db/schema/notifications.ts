/** Notifications and their exact unread counts (modules/notifications). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['message', 'contact', 'tip', 'token_purchase', 'refund', 'model_approved', 'model_refused', 'item_sold', 'payout', 'call'],
    }).notNull(),
    text: text('text').notNull(),
    link: text('link'),
    /** Words the member who caused it wrote, shown as plain text under the sentence (a tip's note). */
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What caused it (e.g. `tip:<transactionId>`): the same cause never notifies twice. */
    sourceKey: text('source_key').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_source_key').on(t.userId, t.sourceKey),
    index('notifications_user_idx').on(t.userId, t.read, t.createdAt),
    /** At most one unread message notification per conversation link (modules/notifications). */
    uniqueIndex('notifications_unread_message_once')
      .on(t.userId, t.link)
      .where(sql`${t.type} = 'message' and not ${t.read}`),
  ],
);

/** Each member's unread notifications, moved in the statements that add or read them. */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [check('notification_counts_not_negative', sql`${t.unread} >= 0`)],
);

/**
 * Browsers that take push messages for a member (Web Push, RFC 8030/8291). One row per endpoint: a
 * browser subscribing again, or another member signing in on it, moves the row to them. Dropped
 * when the push service says the subscription is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's P-256 public key and 16-byte auth secret, base64url as the browser gave them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
