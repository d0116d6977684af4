import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/**
 * Settled card payments per UTC bucket: the revenue in cents and the tokens sold (hundredths).
 * Only approved payments count; a refunded one has left the revenue.
 */
export async function salesPerBucket(db: Db, range: BucketRange): Promise<{ revenueCents: BucketCounts; tokensSold: BucketCounts }> {
  const start = bucketOf(payments.createdAt, range.bucket);
  const rows = await db
    .select({
      start,
      cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text`,
      tokens: sql<string>`coalesce(sum(${payments.tokens}), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.status, 'approved'), gte(payments.createdAt, range.from), lt(payments.createdAt, range.to)))
    .groupBy(start);
  return {
    revenueCents: toBucketCounts(rows.map((r) => ({ start: r.start, value: r.cents }))),
    tokensSold: toBucketCounts(rows.map((r) => ({ start: r.start, value: r.tokens }))),
  };
}
