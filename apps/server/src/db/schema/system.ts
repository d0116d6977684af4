/**
 * The site itself: settings, menus, the mail outbox and the administrators' audit log
 * (modules/system, platform/mail, platform/audit).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
