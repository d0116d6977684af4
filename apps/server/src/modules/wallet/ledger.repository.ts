import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type SiteAccountKind = Exclude<AccountKind, 'member_wallet'>;
export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type NewTransaction = Pick<typeof ledgerTransactions.$inferInsert, 'kind' | 'idempotencyKey' | 'memo' | 'createdBy' | 'metadata'>;
export type NewEarning = Omit<typeof earnings.$inferInsert, 'id' | 'createdAt'>;
export type EarningRow = typeof earnings.$inferSelect;

/** A member's wallet, or one of the site's own accounts (one of each kind, except revenue: see `revenueShardOf`). */
export type AccountRef = { userId: string } | { site: SiteAccountKind; shard?: number };

/**
 * The site's revenue is spread over this many rows. With one row, every paid action from any member
 * queued on its lock (bench/PROFILE.md); a payer always credits the same shard, so a payer's own
 * actions keep one order, and a transfer still locks its accounts in id order, so none deadlock.
 * Readers sum the shards (`siteBalance`). Raising the number later is safe (new shards start at 0);
 * lowering it leaves the old shards readable but unused.
 */
export const REVENUE_SHARDS = 16;

/** The revenue shard a payer's commissions go to: a stable hash (FNV-1a) of their id. */
export function revenueShardOf(payerId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < payerId.length; i++) hash = Math.imul(hash ^ payerId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % REVENUE_SHARDS;
}

/** Site accounts that mirror money outside the ledger (cards, administrator corrections) may go negative. */
const SITE_MAY_GO_NEGATIVE: Record<SiteAccountKind, boolean> = {
  card_clearing: true,
  adjustments: true,
  platform_revenue: false,
  payouts_pending: false,
  // Tokens paid out leave the site for good; this account only ever grows (docs/product.md#payouts).
  payouts_paid: false,
};

export const refKey = (ref: AccountRef) => ('userId' in ref ? `wallet:${ref.userId}` : `site:${ref.site}:${ref.shard ?? 0}`);
const matches = (ref: AccountRef): SQL =>
  'userId' in ref
    ? and(eq(ledgerAccounts.kind, 'member_wallet'), eq(ledgerAccounts.userId, ref.userId))!
    : and(eq(ledgerAccounts.kind, ref.site), isNull(ledgerAccounts.userId), eq(ledgerAccounts.shard, ref.shard ?? 0))!;

/** The only place that touches the ledger tables. Every write takes the caller's transaction. */
export function createLedgerRepository(db: Db) {
  /**
   * Claims an idempotency key by inserting the transaction row. Undefined when the key is taken:
   * on PostgreSQL a concurrent claim of the same key waits here until the other one commits or
   * rolls back, so exactly one caller ever goes on to move tokens.
   */
  async function claimTransaction(values: NewTransaction, tx: DbOrTx): Promise<string | undefined> {
    const [row] = await tx
      .insert(ledgerTransactions)
      .values(values)
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    return row?.id;
  }

  async function findTransactionByKey(idempotencyKey: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)).limit(1);
    return row;
  }

  async function findTransaction(id: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
    return row;
  }

  /**
   * Account ids for the given wallets and site accounts, creating the missing ones. Creation is
   * `insert … on conflict do nothing` then a second read, so two first uses at once both end up
   * with the same row; inserts go in a stable order so two transactions never wait on each other.
   */
  async function resolveAccounts(refs: AccountRef[], tx: DbOrTx): Promise<Map<string, string>> {
    const wanted = new Map(refs.map((ref) => [refKey(ref), ref]));
    const found = new Map<string, string>();
    const readInto = async (list: AccountRef[]) => {
      if (list.length === 0) return;
      const rows = await tx
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, shard: ledgerAccounts.shard })
        .from(ledgerAccounts)
        .where(or(...list.map(matches)));
      for (const row of rows)
        found.set(row.userId ? refKey({ userId: row.userId }) : refKey({ site: row.kind as SiteAccountKind, shard: row.shard }), row.id);
    };
    await readInto([...wanted.values()]);
    const missing = [...wanted.entries()].filter(([key]) => !found.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (missing.length === 0) return found;
    await tx
      .insert(ledgerAccounts)
      .values(
        missing.map(([, ref]) =>
          'userId' in ref
            ? { kind: 'member_wallet' as const, userId: ref.userId, allowNegative: false }
            : { kind: ref.site, userId: null, shard: ref.shard ?? 0, allowNegative: SITE_MAY_GO_NEGATIVE[ref.site] },
        ),
      )
      .onConflictDoNothing();
    await readInto(missing.map(([, ref]) => ref));
    for (const [key] of missing) if (!found.has(key)) throw new Error(`ledger account ${key} could not be created`);
    return found;
  }

  /**
   * The one guarded statement that changes a balance: the check and the change happen together,
   * under the row lock, so concurrent debits can never overdraw. Undefined when the account would
   * go below zero (and may not).
   */
  async function applyToAccount(accountId: string, amount: number, tx: DbOrTx) {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}::integer` })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          sql`(${ledgerAccounts.allowNegative} or ${ledgerAccounts.balance} + ${amount}::integer >= 0)`,
        ),
      )
      .returning({ balance: ledgerAccounts.balance, userId: ledgerAccounts.userId });
    return row;
  }

  async function findAccount(accountId: string, tx: DbOrTx = db) {
    const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).limit(1);
    return row;
  }

  async function insertEntries(transactionId: string, entries: { accountId: string; amount: number }[], tx: DbOrTx) {
    await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
  }

  async function entriesOf(transactionId: string, tx: DbOrTx = db) {
    return tx
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transactionId));
  }

  async function insertEarning(values: NewEarning, tx: DbOrTx): Promise<string> {
    const [row] = await tx.insert(earnings).values(values).returning({ id: earnings.id });
    return row!.id;
  }

  async function earningOfTransaction(transactionId: string, tx: DbOrTx = db): Promise<EarningRow | undefined> {
    const [row] = await tx.select().from(earnings).where(eq(earnings.transactionId, transactionId)).limit(1);
    return row;
  }

  async function walletIdOf(userId: string, tx: DbOrTx = db): Promise<string | undefined> {
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(matches({ userId })).limit(1);
    return row?.id;
  }

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

  /** What the site holds in accounts of one kind, summed over its shards (hundredths; 0 before first use). */
  async function siteBalance(kind: SiteAccountKind, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx
      .select({ total: sql`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(Number) })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
    return row?.total ?? 0;
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

  return {
    claimTransaction,
    findTransactionByKey,
    findTransaction,
    resolveAccounts,
    applyToAccount,
    findAccount,
    insertEntries,
    entriesOf,
    insertEarning,
    earningOfTransaction,
    walletIdOf,
    statementPage,
    siteBalance,
    unbalancedTransactions,
    driftedAccounts,
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
