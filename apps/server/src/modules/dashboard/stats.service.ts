import type { AdminStats, StatsPeriod } from '@cc/contracts';
import type { BucketCounts, BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';
import type { Presence } from '../../platform/presence';
import { memberTotals, signUpsPerBucket } from '../accounts';
import { callsPerBucket } from '../calls';
import { messagesPerBucket } from '../messaging';
import { salesPerBucket } from '../payments';
import { payoutsPaidPerBucket } from '../payouts';
import { tokensSpentPerBucket } from '../wallet';

const DAYS: Record<Exclude<StatsPeriod, '12m'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The period's UTC buckets, ending with the one holding `now`. */
export function periodRange(period: StatsPeriod, now: Date): BucketRange & { starts: Date[] } {
  const starts: Date[] = [];
  if (period === '12m') {
    for (let back = 11; back >= 0; back--) starts.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { bucket: 'month', from: starts[0]!, to, starts };
  }
  const days = DAYS[period];
  for (let back = days - 1; back >= 0; back--)
    starts.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back)));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { bucket: 'day', from: starts[0]!, to, starts };
}

const sum = (counts: BucketCounts) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * The administrators' dashboard: each number is read from the module owning it (through its
 * index.ts), then the buckets are laid out here with zeros where nothing happened.
 */
export function createStatsService({ db, presence, now = () => new Date() }: { db: Db; presence: Presence; now?: () => Date }) {
  return {
    async get(period: StatsPeriod): Promise<AdminStats> {
      const range = periodRange(period, now());
      const [totals, signUps, sales, spent, messages, calls, payouts, onlineNow] = await Promise.all([
        memberTotals(db),
        signUpsPerBucket(db, range),
        salesPerBucket(db, range),
        tokensSpentPerBucket(db, range),
        messagesPerBucket(db, range),
        callsPerBucket(db, range),
        payoutsPaidPerBucket(db, range),
        presence.onlineCount(),
      ]);
      const series = range.starts.map((start) => {
        const key = start.toISOString().slice(0, 10);
        return {
          start: start.toISOString(),
          members: signUps.members.get(key) ?? 0,
          models: signUps.models.get(key) ?? 0,
          revenueCents: sales.revenueCents.get(key) ?? 0,
          tokensSold: sales.tokensSold.get(key) ?? 0,
          tokensSpent: spent.get(key) ?? 0,
          messages: messages.get(key) ?? 0,
          calls: calls.get(key) ?? 0,
          payoutsPaid: payouts.get(key) ?? 0,
        };
      });
      return {
        period,
        bucket: range.bucket,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        totals: {
          members: totals.members,
          models: totals.models,
          onlineNow,
          revenueCents: sum(sales.revenueCents),
          tokensSold: sum(sales.tokensSold),
          tokensSpent: sum(spent),
          messages: sum(messages),
          calls: sum(calls),
          payoutsPaid: sum(payouts),
        },
        series,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
