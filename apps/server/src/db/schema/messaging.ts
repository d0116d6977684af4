/**
 * Conversations, their members, messages and bookmarks (modules/messaging;
 * docs/decisions/0007-messaging.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { files, users } from './accounts';
import { ledgerTransactions } from './wallet';

/** A 1:1 conversation; the pair is stored in id order so it exists at most once. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    check('conversations_pair_order', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/**
 * Each member's side of a conversation. `unread_count` is the other member's live messages after
 * `last_read_seq`, kept in the statements that change either (send, read, delete), each under the
 * conversation's lock, so it cannot drift (docs/decisions/0007-messaging.md).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The highest message `seq` this member has read. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** The other member's live messages after `last_read_seq`. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** This member blocked the other. */
    blocksOther: boolean('blocks_other').notNull().default(false),
    /** Deleted from this member's list; a newer message brings it back. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversation_members_pk').on(t.conversationId, t.userId), index('conversation_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Grows with every message anywhere: the cursor for paging and catching up. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made by the sender's client; a retried send is stored once. */
    clientId: uuid('client_id').notNull(),
    type: text('type', { enum: ['text', 'photo', 'video', 'file'] }).notNull(),
    text: text('text').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Hundredths of a token the sender paid for it (0 when free). */
    price: integer('price').notNull().default(0),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_seq_key').on(t.seq),
    uniqueIndex('messages_sender_client_key').on(t.senderId, t.clientId),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_file_idx').on(t.fileId),
  ],
);

export const messageBookmarks = pgTable(
  'message_bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_bookmarks_user_message_key').on(t.userId, t.messageId),
    index('message_bookmarks_user_idx').on(t.userId, t.createdAt),
  ],
);
