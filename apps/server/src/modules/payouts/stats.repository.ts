import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { payoutRequests } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/** Tokens paid out per UTC bucket (hundredths), by when each payout was marked paid. */
export async function payoutsPaidPerBucket(db: Db, range: BucketRange): Promise<BucketCounts> {
  const start = bucketOf(payoutRequests.paidAt, range.bucket);
  const rows = await db
    .select({ start, value: sql<string>`coalesce(sum(${payoutRequests.amount}), 0)::text` })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.status, 'paid'), gte(payoutRequests.paidAt, range.from), lt(payoutRequests.paidAt, range.to)))
    .groupBy(start);
  return toBucketCounts(rows);
}
