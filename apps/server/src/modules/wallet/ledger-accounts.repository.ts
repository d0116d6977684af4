import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { SiteAccountKind } from './ledger-rows';

// The ledger's accounts: which row is whose wallet or which site account, made on first use and
// remembered, and what they hold. Movements (`ledger-postings.repository.ts`) take their ids from here.

/**
 * How many account ids a process remembers. An account's id never changes once created, so the
 * ledger resolves each wallet once instead of once per movement; the oldest are forgotten first.
 */
const REMEMBERED_ACCOUNTS = 100_000;

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
  // Tokens the site gives away (welcome tokens, docs/product.md#welcome-tokens): it only ever goes down.
  promotions: true,
  platform_revenue: false,
  payouts_pending: false,
  // Tokens paid out leave the site for good; this account only ever grows (docs/product.md#payouts).
  payouts_paid: false,
};

/** Every site account: one of each kind, and each revenue shard. */
export const SITE_ACCOUNTS: AccountRef[] = (Object.keys(SITE_MAY_GO_NEGATIVE) as SiteAccountKind[]).flatMap((site): AccountRef[] =>
  site === 'platform_revenue' ? Array.from({ length: REVENUE_SHARDS }, (_, shard) => ({ site, shard })) : [{ site }],
);

export const refKey = (ref: AccountRef) => ('userId' in ref ? `wallet:${ref.userId}` : `site:${ref.site}:${ref.shard ?? 0}`);
const matches = (ref: AccountRef): SQL =>
  'userId' in ref
    ? and(eq(ledgerAccounts.kind, 'member_wallet'), eq(ledgerAccounts.userId, ref.userId))!
    : and(eq(ledgerAccounts.kind, ref.site), isNull(ledgerAccounts.userId), eq(ledgerAccounts.shard, ref.shard ?? 0))!;

/** Account ids, made when missing and remembered per process; a wallet's id and what the site holds. */
export function createLedgerAccounts(db: Db) {
  const rememberedIds = new Map<string, string>();

  /**
   * Account ids for the given wallets and site accounts, from memory when known, else resolved (and
   * created) by `resolveAccounts`. An id remembered from a transaction that later rolled back is
   * caught by `post` (`unknown-account`): forget it with `forgetAccounts` and ask again.
   */
  async function accountIds(refs: AccountRef[], tx: DbOrTx): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const unknown: AccountRef[] = [];
    for (const ref of refs) {
      const key = refKey(ref);
      const id = rememberedIds.get(key);
      if (id) found.set(key, id);
      else unknown.push(ref);
    }
    if (unknown.length === 0) return found;
    for (const [key, id] of await resolveAccounts(unknown, tx)) {
      found.set(key, id);
      if (rememberedIds.size >= REMEMBERED_ACCOUNTS) rememberedIds.delete(rememberedIds.keys().next().value!);
      rememberedIds.set(key, id);
    }
    return found;
  }

  function forgetAccounts(refs: AccountRef[]) {
    for (const ref of refs) rememberedIds.delete(refKey(ref));
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

  async function walletIdOf(userId: string, tx: DbOrTx = db): Promise<string | undefined> {
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(matches({ userId })).limit(1);
    return row?.id;
  }

  /** What the site holds in accounts of one kind, summed over its shards (hundredths; 0 before first use). */
  async function siteBalance(kind: SiteAccountKind, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx
      .select({ total: sql`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(Number) })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
    return row?.total ?? 0;
  }

  return { resolveAccounts, accountIds, forgetAccounts, walletIdOf, siteBalance };
}
