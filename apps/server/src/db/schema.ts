import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL. Token amounts are integers of hundredths of a token.
 * Migrations are generated from this file with `npm run db:generate`.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    type: text('type', { enum: ['user', 'model'] })
      .notNull()
      .default('user'),
    /** active | deactivated (by the member) | suspended (by an administrator) */
    status: text('status', { enum: ['active', 'deactivated', 'suspended'] })
      .notNull()
      .default('active'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    avatarFileId: uuid('avatar_file_id'),
    modelStatus: text('model_status', { enum: ['none', 'pending', 'approved', 'refused'] })
      .notNull()
      .default('none'),
    /** { documentType, legalName, birthDate, fileId, submittedAt, reviewedAt, refusalReason } */
    verificationDocument: jsonb('verification_document'),
    tokenPerMessage: integer('token_per_message').notNull().default(100),
    callRate: integer('call_rate').notNull().default(0),
    callAvailable: boolean('call_available').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The model's own phone in E.164 form, rung by the Twilio provider; never shown to anyone else. */
    phoneNumber: text('phone_number'),
    /** Profile fields of the xChat form (docs/product.md#accounts); '' when not given. */
    gender: text('gender', { enum: ['male', 'female', 'transgender'] }),
    age: smallint('age'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    /** Private: the member and administrators only. */
    address: text('address').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_type_status_idx').on(t.type, t.modelStatus, t.status),
  ],
);

/** A signed-in device. The JWT names the session; revoking it ends that sign-in everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keepLogin: boolean('keep_login').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes: e-mail confirmation and the account code for deactivation and payouts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'account'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Uploaded files kept in storage. `visibility` public files are served to anyone. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `media`: photos, videos and files members upload for messages (and, later, items for sale). */
    kind: text('kind', { enum: ['avatar', 'document', 'site', 'media'] }).notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** For `media`: what the member uploaded it as. */
    mediaType: text('media_type', { enum: ['photo', 'video', 'file'] }),
    /** A small JPEG beside the file: a photo's thumbnail or a video's poster frame. */
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    section: text('section').notNull().default('footer'),
    title: text('title').notNull(),
    path: text('path').notNull(),
    openNewTab: boolean('open_new_tab').notNull().default(false),
    ordering: integer('ordering').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('menus_section_idx').on(t.section, t.ordering)],
);

/** Contacts are one-way favourites: owner keeps contactUser in their list. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactUserId: uuid('contact_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contacts_owner_contact_key').on(t.ownerId, t.contactUserId)],
);

/**
 * Mail waiting to be sent. Written in the same transaction as the action that causes it and
 * delivered by the mail job, so a crash or restart never loses or duplicates a message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Free-form tag for what the mail is (verify-email, reset-password, …). */
    template: text('template').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.runAt)],
);

// ---- tokens: ledger ----------------------------------------------------------------------------

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
      enum: [
        'card_purchase',
        'message',
        'item',
        'tip',
        'call',
        'payout',
        'payout_refund',
        'payout_paid',
        'adjustment',
        'refund',
        'signup_bonus',
      ],
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

// ---- tokens: packages, card payments, invoices --------------------------------------------------

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

// ---- messaging: conversations, messages, bookmarks, notifications ------------------------------

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

/** The statuses of a call that still hold its two parties: at most one such call per model and per caller. */
const LIVE_CALL = sql`status in ('initiated', 'ringing', 'connected')`;

/**
 * Paid voice calls (docs/product.md#calls). The row is the whole state machine and its schedule:
 * every change is one compare-and-set on `status`, and billing and timeouts read only columns, so a
 * restarted or second process carries on where the first stopped. Amounts in hundredths.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['initiated', 'ringing', 'connected', 'ended', 'declined', 'missed', 'failed'] }).notNull(),
    /** Hundredths of a token per minute, fixed when the call was placed. */
    rate: integer('rate').notNull(),
    /** The caller's leg at the voice provider (Twilio's CallSid of the browser device). */
    callSid: text('call_sid'),
    /** The model's leg at the voice provider (the phone Twilio rang). */
    modelCallSid: text('model_call_sid'),
    /** Set from the service's clock, like every instant below: the ring timeout counts from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', {
      enum: [
        'caller-ended',
        'model-ended',
        'caller-cancelled',
        'insufficient-tokens',
        'caller-left',
        'model-left',
        'declined',
        'no-answer',
        'failed',
        'admin-ended',
      ],
    }),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    tokensCharged: integer('tokens_charged').notNull().default(0),
    /**
     * What falls due next. Connected: the next minute (docs/product.md#call-billing). Ringing: the
     * ring deadline, fixed from `callRingSeconds` when placed (calls.engine.ts `ringDeadlineOf`;
     * null on rows placed before it was stored). Ended: null, or the deadline of a call never answered.
     */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** Since when each party has had no socket (null while connected somewhere): the disconnect grace. */
    callerAwaySince: timestamp('caller_away_since', { withTimezone: true }),
    modelAwaySince: timestamp('model_away_since', { withTimezone: true }),
  },
  (t) => [
    // "Busy" under races: a second live call for the same model or caller cannot be inserted.
    uniqueIndex('calls_one_live_per_model').on(t.modelId).where(LIVE_CALL),
    uniqueIndex('calls_one_live_per_caller').on(t.callerId).where(LIVE_CALL),
    index('calls_due_idx')
      .on(t.nextChargeAt)
      .where(sql`status = 'connected'`),
    index('calls_live_idx').on(t.status, t.createdAt).where(LIVE_CALL),
    index('calls_caller_idx').on(t.callerId, t.createdAt),
    index('calls_model_idx').on(t.modelId, t.createdAt),
    check('calls_not_self', sql`${t.callerId} <> ${t.modelId}`),
    check('calls_charged_not_negative', sql`${t.minutesCharged} >= 0 and ${t.tokensCharged} >= 0`),
  ],
);

// ---- marketplace: sell items and purchases --------------------------------------------------------

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

// ---- payouts -------------------------------------------------------------------------------------

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

// ---- posts ---------------------------------------------------------------------------------------

/** Articles administrators write (docs/product.md#posts). `body` is HTML sanitised when saved. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('posts_slug_key').on(t.slug),
    index('posts_published_idx')
      .on(t.publishedAt)
      .where(sql`status = 'published'`),
  ],
);

// ---- administration ------------------------------------------------------------------------------

/**
 * What administrators did: one row per action, written in the action's own transaction, so the trace
 * exists exactly when the change does. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE for
 * every role (migration 0009). The actor is copied, not referenced, so the trace outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, as `thing.verb`: 'model.approve', 'balance.adjust', 'settings.update'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The target's fields the action changed, as they were and as they became; null when it did not exist before or after. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** The administrator's address as the server saw it (a forwarded address only from a configured proxy). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/**
 * What visitors sent through the contact form (docs/product.md#contact): kept so an administrator
 * can read and answer them even when the mail to the site team did not go out.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender, when there was one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_handled_idx').on(t.handledAt, t.createdAt)],
);
