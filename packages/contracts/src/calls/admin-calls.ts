import { z } from 'zod';
import { optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { CALL_END_REASONS, CALL_STATUSES } from './calls';

// ---- calls (admin) ---------------------------------------------------------------------------

/** 'live': initiated, ringing or connected; 'ended': every finished state. Empty or absent: all calls. */
export const adminCallsFilterSchema = z.enum(['live', 'ended'], { error: "Status must be 'live' or 'ended'" });
export type AdminCallsFilter = z.infer<typeof adminCallsFilterSchema>;

/** GET /admin/calls: `status` picks live or finished calls; `q` matches either party's username, e-mail or name. */
export const adminCallsQuerySchema = pageQuerySchema.extend({
  status: optionalFilter(adminCallsFilterSchema),
  q: optionalFilter(searchTextSchema()),
});
export type AdminCallsQuery = z.input<typeof adminCallsQuerySchema>;

export const adminCallPartySchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

/** A call as an administrator sees it: both parties, the rate fixed when it was placed, and what it cost. */
export const adminCallRowSchema = z.object({
  _id: z.string(),
  status: z.enum(CALL_STATUSES),
  caller: adminCallPartySchema,
  model: adminCallPartySchema,
  rate: tokenAmount({ description: 'Tokens one minute of the call costs' }),
  createdAt: z.iso.datetime(),
  connectedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  endReason: z.enum(CALL_END_REASONS).nullable(),
  minutesCharged: z.number().int().nonnegative(),
  tokensCharged: tokenAmount({ description: 'Tokens charged for this call so far' }),
  /** Seconds of connected time: to the end, or to now while connected; null for a call never answered. */
  durationSeconds: z.number().int().nonnegative().nullable(),
});
export type AdminCallRow = z.output<typeof adminCallRowSchema>;
