/** Payout accounts and requests (modules/payouts; docs/decisions/0010-marketplace-payouts-posts.md). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { ledgerTransactions } from './wallet';

/** Where a model's payouts go: one account per model, bank transfer or PayPal. */
export const payoutAccounts = pgTable('payout_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['bank_transfer', 'paypal'] }).notNull(),
  /** PayPal: `{ email }`; bank transfer: `{ beneficiaryName, bankName, iban, swift, … }`. */
  details: jsonb('details').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A model's request to be paid (docs/product.md#payouts). The tokens left the wallet for
 * `payouts_pending` in `transactionId`; each status moves once, by compare-and-set:
 * pending → approved → paid (`settleTransactionId`), or pending → rejected (`refundTransactionId`).
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The payout account as it was when requested, unmasked (administrators pay from it). */
    account: jsonb('account').notNull(),
    note: text('note').notNull().default(''),
    /** Money at the payout rate of the moment it was asked (US cents); null on requests from before rates. */
    amountCents: integer('amount_cents'),
    payoutRateCents: integer('payout_rate_cents'),
    /** The transfer's reference, recorded when it is marked paid. */
    reference: text('reference').notNull().default(''),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    settleTransactionId: uuid('settle_transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    refundTransactionId: uuid('refund_transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_requests_model_idx').on(t.modelId, t.createdAt),
    index('payout_requests_status_idx').on(t.status, t.createdAt),
    check('payout_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);
