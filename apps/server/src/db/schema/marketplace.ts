/** Sell items and their purchases (modules/marketplace; docs/decisions/0010-marketplace-payouts-posts.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { files, users } from './accounts';
import { ledgerTransactions } from './wallet';

/**
 * An item a model sells (docs/product.md#marketplace): an uploaded media file with a name,
 * description and price in hundredths. Taking it off sale sets `removedAt`; the row stays, so its
 * buyers keep their purchase and their download. `hiddenAt` and `hiddenReason`: an administrator
 * took it out of the store (it can be restored); both are set or neither.
 */
export const sellItems = pgTable(
  'sell_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    mediaType: text('media_type', { enum: ['photo', 'video', 'file'] }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sell_items_model_idx').on(t.modelId, t.createdAt),
    index('sell_items_file_idx').on(t.fileId),
    check('sell_items_price_positive', sql`${t.price} > 0`),
    check('sell_items_hidden_with_reason', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * One member's purchase of one item, written in the ledger transaction that charged it. The name,
 * description, file and price are kept as bought. `hiddenAt`: the buyer removed it from their list.
 */
export const purchaseItems = pgTable(
  'purchase_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellItemId: uuid('sell_item_id')
      .notNull()
      .references(() => sellItems.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mediaType: text('media_type', { enum: ['photo', 'video', 'file'] }).notNull(),
    price: integer('price').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A member buys an item once: the second purchase is refused, even when two race.
    uniqueIndex('purchase_items_once').on(t.sellItemId, t.buyerId),
    index('purchase_items_buyer_idx').on(t.buyerId, t.createdAt),
    index('purchase_items_file_idx').on(t.fileId, t.buyerId),
  ],
);
