import type { Db } from '../../platform/db';
import { createLedgerAccounts } from './ledger-accounts.repository';
import { createLedgerPostingsRepository } from './ledger-postings.repository';
import { createLedgerReportsRepository } from './ledger-reports.repository';

// The ledger's one repository, put together from its parts: accounts (ids, wallets, site balances),
// postings (movements and their transactions) and reports (statements, integrity).
export { REVENUE_SHARDS, refKey, revenueShardOf, SITE_ACCOUNTS, type AccountRef } from './ledger-accounts.repository';
export type {
  AccountKind,
  ChangedAccount,
  EarningRow,
  LedgerKind,
  Move,
  NewEarning,
  NewTransaction,
  PostInput,
  PostOutcome,
  SiteAccountKind,
  TransactionRow,
} from './ledger-rows';

/** The only place that touches the ledger tables. Every write takes the caller's transaction. */
export function createLedgerRepository(db: Db) {
  return { ...createLedgerPostingsRepository(db), ...createLedgerAccounts(db), ...createLedgerReportsRepository(db) };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
