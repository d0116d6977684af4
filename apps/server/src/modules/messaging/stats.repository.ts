import { and, count, gte, lt } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/** Messages sent per UTC bucket (those deleted since included: they were sent). */
export async function messagesPerBucket(db: Db, range: BucketRange): Promise<BucketCounts> {
  const start = bucketOf(messages.createdAt, range.bucket);
  const rows = await db
    .select({ start, value: count() })
    .from(messages)
    .where(and(gte(messages.createdAt, range.from), lt(messages.createdAt, range.to)))
    .groupBy(start);
  return toBucketCounts(rows);
}
