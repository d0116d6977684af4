import type { Db, Tx } from '../../platform/db';
import type { EventBus, WalletBalances } from '../../platform/events';
import { walletBalance } from './balances';
import type { Posted } from './ledger-movement';
import { SITE_ACCOUNTS, type LedgerRepository, type SiteAccountKind } from './ledger.repository';

// Balances: what a wallet or the site holds, the site's accounts made at start-up, and the live
// balance each movement announces (ADR 0005: balances travel with `wallet.changed`).

/** Reading balances and announcing them; `announce` is also what a movement of its own calls after writing. */
export function createLedgerBalances({ db, events, repo }: { db: Db; events: EventBus; repo: LedgerRepository }) {
  /**
   * Tells every tab of these members their new balance. Call after the commit, never inside. Given
   * the movements themselves (not just ids), the balances they wrote travel with the event, so no
   * one re-reads them; with several movements, each member's latest balance wins.
   */
  function announce(changes: readonly string[] | Posted | readonly Posted[]) {
    if (isIdList(changes)) {
      const unique = [...new Set(changes)];
      if (unique.length > 0) events.publish('wallet.changed', { userIds: unique });
      return;
    }
    const balances: WalletBalances = {};
    for (const posted of Array.isArray(changes) ? (changes as readonly Posted[]) : [changes as Posted]) {
      for (const userId of posted.userIds) {
        const [balance, version] = [posted.balances[userId], posted.versions[userId]];
        if (balance === undefined || version === undefined) continue;
        if ((balances[userId]?.version ?? -1) < version) balances[userId] = { balance, version };
      }
    }
    const userIds = Object.keys(balances);
    if (userIds.length > 0) events.publish('wallet.changed', { userIds, balances });
  }

  /** A member's balance in hundredths; 0 for a member who never had a wallet. */
  async function balanceOf(userId: string, tx?: Tx): Promise<number> {
    return walletBalance(tx ?? db, userId);
  }

  /**
   * What the site holds in one kind of account, in hundredths: revenue is summed over its shards,
   * so read it here rather than from one row.
   */
  async function siteBalance(kind: SiteAccountKind, tx?: Tx): Promise<number> {
    return repo.siteBalance(kind, tx ?? db);
  }

  /**
   * Makes the site's accounts before the first movement (at start-up), so no paying transaction
   * creates one. A transaction that creates an account holds it uncommitted until it ends; two that
   * each created an account the other then needed would wait on each other for good.
   */
  async function openSiteAccounts(): Promise<void> {
    await repo.accountIds(SITE_ACCOUNTS, db);
  }

  return { openSiteAccounts, balanceOf, siteBalance, announce };
}

const isIdList = (changes: readonly string[] | Posted | readonly Posted[]): changes is readonly string[] =>
  Array.isArray(changes) && changes.every((c) => typeof c === 'string');
