import { z } from 'zod';
import { listOf, optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';
import { earningSchema, earningSourceSchema, earningTotalsSchema } from './wallet';

// ---- earnings of every model (admin) ---------------------------------------------------------

export const ADMIN_EARNINGS_QUERY_MAX = 80;

const dateOrInstant = optionalFilter(
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date (YYYY-MM-DD) or an ISO date-time' }),
);

/**
 * GET /admin/earnings filters, each optional: `modelId` one model, `q` a model's name or username
 * ('@anna' finds anna), `source`, and `from` / `to` bounding the sale's time (ISO dates or
 * date-times; a bare `to` date includes that whole day, as the audit log reads it).
 */
export const adminEarningsQuerySchema = pageQuerySchema.extend({
  modelId: optionalFilter(z.uuid('That id is not valid')),
  q: optionalFilter(searchTextSchema(ADMIN_EARNINGS_QUERY_MAX)),
  source: optionalFilter(earningSourceSchema),
  from: dateOrInstant,
  to: dateOrInstant,
});
export type AdminEarningsQuery = z.input<typeof adminEarningsQuerySchema>;

/** One earning row (a sale, or a refund's negative row) with the model who earned it. */
export const adminEarningRowSchema = earningSchema.extend({
  model: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
});
export type AdminEarningRow = z.infer<typeof adminEarningRowSchema>;

/** A page of rows, newest first, the count and the totals of every row the filters match (not just the page). */
export const adminEarningListSchema = listOf(adminEarningRowSchema).extend({ totals: earningTotalsSchema });
export type AdminEarningList = z.infer<typeof adminEarningListSchema>;
