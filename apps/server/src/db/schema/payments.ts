/**
 * Token packages, card payments, invoices, saved cards and gateway webhooks (modules/payments;
 * docs/decisions/0006-card-payments.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { ledgerTransactions } from './wallet';

export const tokenPackages = pgTable('token_packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Tokens credited, in hundredths. */
  tokens: integer('tokens').notNull(),
  /** Price in US cents. */
  priceCents: integer('price_cents').notNull(),
  ordering: integer('ordering').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A card payment for a package. Created before the provider is called, keyed by the client's
 * idempotency key, so a retried or doubled request finds the same row instead of charging again.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => tokenPackages.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['sandbox', 'authorizenet'] }).notNull(),
    status: text('status', {
      enum: ['pending', 'approved', 'declined', 'error', 'held', 'unknown', 'refunding', 'refunded', 'partially_refunded', 'charged_back'],
    })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    tokens: integer('tokens').notNull(),
    packageName: text('package_name').notNull(),
    providerTransactionId: text('provider_transaction_id'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    failureMessage: text('failure_message'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** An administrator's refund (money back through the provider) or a recorded chargeback (the bank took it back). */
    reversalKind: text('reversal_kind', { enum: ['refund', 'chargeback'] }),
    reversalReason: text('reversal_reason'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's id of the refund transaction (a refund only). */
    reversalProviderTransactionId: text('reversal_provider_transaction_id'),
    /** What a refund gave back (US cents) and took back (hundredths): all of the payment, or part. */
    refundedCents: integer('refunded_cents'),
    refundedTokens: integer('refunded_tokens'),
    /** The ledger transaction that took the tokens back. */
    reversalLedgerTransactionId: uuid('reversal_ledger_transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    check('payments_reversal_with_reason', sql`(${t.reversalKind} is null) = (${t.reversalReason} is null)`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sequential, shown as INV-000123. */
    number: integer('number').generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    packageName: text('package_name').notNull(),
    tokens: integer('tokens').notNull(),
    amountCents: integer('amount_cents').notNull(),
    cardLast4: text('card_last4'),
    status: text('status', { enum: ['paid', 'refunded', 'charged_back'] })
      .notNull()
      .default('paid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_payment_key').on(t.paymentId),
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
  ],
);

/** A member's customer profile at the card provider (saved cards live there, never here). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'authorizenet'] }).notNull(),
    customerProfileId: text('customer_profile_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_customers_user_provider_key').on(t.userId, t.provider)],
);

/** A saved card: only the provider's id for it and what is safe to show. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'authorizenet'] }).notNull(),
    paymentProfileId: text('payment_profile_id').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBrand: text('card_brand').notNull(),
    expiry: text('expiry').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);

/** Provider webhooks seen, by their notification id, so a redelivery is applied once. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_notification_key').on(t.provider, t.notificationId)],
);
