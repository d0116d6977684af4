import { count, desc, eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

/** What the ledger reads for reports: a wallet's statement and the integrity check; it writes nothing. */
export function createLedgerReportsRepository(db: Db) {
  /** A page of one wallet's entries with their transaction, newest first. */
  async function statementPage(accountId: string, page: { limit: number; skip: number }, tx: DbOrTx = db) {
    const where = eq(ledgerEntries.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          id: ledgerEntries.id,
          transactionId: ledgerEntries.transactionId,
          kind: ledgerTransactions.kind,
          amount: ledgerEntries.amount,
          memo: ledgerTransactions.memo,
          metadata: ledgerTransactions.metadata,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(page.limit)
        .offset(page.skip),
      tx.select({ n: count() }).from(ledgerEntries).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** Transactions whose entries do not sum to zero (there should never be any). */
  async function unbalancedTransactions(tx: DbOrTx = db) {
    const total = sql`sum(${ledgerEntries.amount})`;
    return tx
      .select({ transactionId: ledgerEntries.transactionId, sum: total.mapWith(Number) })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`${total} <> 0`);
  }

  /** Accounts whose cached balance differs from the sum of their entries (there should never be any). */
  async function driftedAccounts(tx: DbOrTx = db) {
    const total = sql`coalesce(sum(${ledgerEntries.amount}), 0)`;
    return tx
      .select({
        accountId: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        balance: ledgerAccounts.balance,
        entriesSum: total.mapWith(Number),
      })
      .from(ledgerAccounts)
      .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .groupBy(ledgerAccounts.id)
      .having(sql`${ledgerAccounts.balance} <> ${total}`);
  }

  return { statementPage, unbalancedTransactions, driftedAccounts };
}
