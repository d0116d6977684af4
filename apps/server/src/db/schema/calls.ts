/** Paid voice calls (modules/calls; docs/decisions/0009-calls.md). */
import { CALL_END_REASONS, CALL_STATUSES } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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
    status: text('status', { enum: CALL_STATUSES }).notNull(),
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
    endReason: text('end_reason', { enum: CALL_END_REASONS }),
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
