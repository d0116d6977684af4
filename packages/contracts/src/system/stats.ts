import { z } from 'zod';
import { tokenAmount, usdCents } from '../common/money';

// ---- dashboard statistics (admin) ------------------------------------------------------------

/** The periods the dashboard offers: the last 7, 30 or 90 days by day, or the last 12 months by month. */
export const STATS_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export const statsPeriodSchema = z.enum(STATS_PERIODS, { error: 'Choose 7d, 30d, 90d or 12m' });
export type StatsPeriod = z.infer<typeof statsPeriodSchema>;

/** Site-wide sums grow past a member's limit: no upper bound beyond what a number holds exactly. */
const tokens = (description: string) => tokenAmount({ max: Number.MAX_SAFE_INTEGER, description });

export const statsQuerySchema = z.object({ period: statsPeriodSchema.default('30d') });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/** One bucket (a UTC day or month) of the period; every bucket is present, zeros included. */
export const statsBucketSchema = z.object({
  /** The bucket's first instant (UTC midnight). */
  start: z.iso.datetime(),
  /** New sign-ups (administrators excluded). */
  members: z.number().int(),
  /** New accounts that are approved models now, by when the account was created. */
  models: z.number().int(),
  revenueCents: usdCents('US cents of settled card payments'),
  tokensSold: tokens('Tokens bought with those payments'),
  tokensSpent: tokens('Tokens members spent on messages, items, tips and calls'),
  messages: z.number().int(),
  /** Calls placed, whatever became of them. */
  calls: z.number().int(),
  payoutsPaid: tokens('Tokens paid out to models'),
});
export type StatsBucket = z.output<typeof statsBucketSchema>;

export const adminStatsSchema = z.object({
  period: statsPeriodSchema,
  bucket: z.enum(['day', 'month']),
  /** The first bucket's start. */
  from: z.iso.datetime(),
  /** The end of the last bucket (exclusive). */
  to: z.iso.datetime(),
  /** `members`, `models` and `onlineNow` are counts now; the rest are sums over the period. */
  totals: z.object({
    members: z.number().int(),
    models: z.number().int(),
    onlineNow: z.number().int(),
    revenueCents: usdCents('US cents of settled card payments in the period'),
    tokensSold: tokens('Tokens sold in the period'),
    tokensSpent: tokens('Tokens spent in the period'),
    messages: z.number().int(),
    calls: z.number().int(),
    payoutsPaid: tokens('Tokens paid out in the period'),
  }),
  series: z.array(statsBucketSchema),
});
export type AdminStats = z.output<typeof adminStatsSchema>;
