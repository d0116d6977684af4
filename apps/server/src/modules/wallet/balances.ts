import { and, eq, inArray } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/**
 * Reads members' wallet balances (hundredths of a token). A member who never received tokens has
 * no wallet row yet, which reads as 0.
 */
export async function walletBalances(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  const balances = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return balances;
  const rows = await db
    .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'member_wallet'), inArray(ledgerAccounts.userId, userIds)));
  for (const row of rows) if (row.userId) balances.set(row.userId, row.balance);
  return balances;
}

export async function walletBalance(db: DbOrTx, userId: string): Promise<number> {
  return (await walletBalances(db, [userId])).get(userId) ?? 0;
}
