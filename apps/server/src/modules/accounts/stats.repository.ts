import { and, count, eq, gte, lt, ne } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/** Members are every account but the administrators'; models are the approved ones. */
const isMember = ne(users.role, 'admin');
const isApprovedModel = and(isMember, eq(users.type, 'model'), eq(users.modelStatus, 'approved'));

/** How many members and approved models there are now (for the dashboard). */
export async function memberTotals(db: Db): Promise<{ members: number; models: number }> {
  const [members] = await db.select({ n: count() }).from(users).where(isMember);
  const [models] = await db.select({ n: count() }).from(users).where(isApprovedModel);
  return { members: members?.n ?? 0, models: models?.n ?? 0 };
}

/**
 * Per UTC bucket: new sign-ups (`members`) and the accounts among them that are approved models now
 * (`models`, counted by when the account was created: approvals keep no date of their own).
 */
export async function signUpsPerBucket(db: Db, range: BucketRange): Promise<{ members: BucketCounts; models: BucketCounts }> {
  const start = bucketOf(users.createdAt, range.bucket);
  const inRange = and(gte(users.createdAt, range.from), lt(users.createdAt, range.to));
  const [members, models] = await Promise.all([
    db.select({ start, value: count() }).from(users).where(and(isMember, inRange)).groupBy(start),
    db.select({ start, value: count() }).from(users).where(and(isApprovedModel, inRange)).groupBy(start),
  ]);
  return { members: toBucketCounts(members), models: toBucketCounts(models) };
}
