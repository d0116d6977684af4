import { and, count, gte, lt } from 'drizzle-orm';
import { calls } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/** Calls placed per UTC bucket, whatever became of them (answered, declined, missed). */
export async function callsPerBucket(db: Db, range: BucketRange): Promise<BucketCounts> {
  const start = bucketOf(calls.createdAt, range.bucket);
  const rows = await db
    .select({ start, value: count() })
    .from(calls)
    .where(and(gte(calls.createdAt, range.from), lt(calls.createdAt, range.to)))
    .groupBy(start);
  return toBucketCounts(rows);
}
