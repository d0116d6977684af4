/**
 * The ledger: accounts, transactions, entries and models' earnings (modules/wallet;
 * docs/decisions/0005-ledger.md).
 */
import { LEDGER_KINDS } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/**
 * Every balance is an account: one wallet per member, and the site's own accounts. Amounts are
 * hundredths of a token. `balance` caches the sum of the account's entries; member wallets may
 * never go below zero (the check makes an overdraft impossible even under concurrency).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: ['member_wallet', 'platform_revenue', 'card_clearing', 'payouts_pending', 'payouts_paid', 'adjustments', 'promotions'],
    }).notNull(),
    /** The member owning a wallet; null for the site's accounts (one of each kind and shard). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** bigint: site accounts accumulate lifetime sales, beyond 32 bits (21.4 million tokens). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Site accounts that mirror money outside the ledger (card clearing, adjustments, promotions) may go negative. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    /**
     * Which of its kind a site account is. Revenue is spread over several rows (a payer always uses
     * the same one) so paying members do not queue on one row lock; every other account is shard 0
     * (docs/decisions/0005-ledger.md, bench/PROFILE.md).
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_wallet_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'member_wallet'`),
    uniqueIndex('ledger_accounts_system_key')
      .on(t.kind, t.shard)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_no_overdraft', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** One movement of tokens; its entries sum to zero. The idempotency key makes a retry a no-op. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      // Plain text in the database (no check): a new kind needs no migration.
      enum: LEDGER_KINDS,
    }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo').notNull().default(''),
    /** The administrator behind an adjustment. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed: positive credits the account, negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.createdAt), index('ledger_entries_transaction_idx').on(t.transactionId)],
);

/** What a model earned from one sale: gross paid by the member, the site's commission, the net. */
export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ['message', 'item', 'tip', 'call'] }).notNull(),
    gross: integer('gross').notNull(),
    commission: integer('commission').notNull(),
    net: integer('net').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('earnings_model_idx').on(t.modelId, t.createdAt), uniqueIndex('earnings_transaction_key').on(t.transactionId)],
);
