import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { bucketOf, toBucketCounts, type BucketCounts, type BucketRange } from '../../platform/buckets';
import type { Db } from '../../platform/db';

/** What members spend their tokens on: paid messages, sell items, tips and call minutes. */
const SPENDING = ['message', 'item', 'tip', 'call'] as const;

/**
 * Tokens members spent per UTC bucket (hundredths): the debits of member wallets in spending
 * movements. Payout holds, adjustments and refunds are not spending.
 */
export async function tokensSpentPerBucket(db: Db, range: BucketRange): Promise<BucketCounts> {
  const start = bucketOf(ledgerEntries.createdAt, range.bucket);
  const rows = await db
    .select({ start, value: sql<string>`coalesce(sum(-${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'member_wallet'),
        sql`${ledgerEntries.amount} < 0`,
        inArray(ledgerTransactions.kind, [...SPENDING]),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
      ),
    )
    .groupBy(start);
  return toBucketCounts(rows);
}
