import type { earnings, ledgerAccounts, ledgerTransactions } from '../../db/schema';

// The shapes the ledger's repositories take and answer, apart from them so none imports another.
export type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type SiteAccountKind = Exclude<AccountKind, 'member_wallet'>;
export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type NewTransaction = Pick<typeof ledgerTransactions.$inferInsert, 'kind' | 'idempotencyKey' | 'memo' | 'createdBy' | 'metadata'>;
export type NewEarning = Omit<typeof earnings.$inferInsert, 'id' | 'createdAt'>;
export type EarningRow = typeof earnings.$inferSelect;

/** One account's change in a movement: signed hundredths. */
export type Move = { accountId: string; amount: number };
export type PostInput = {
  claim: NewTransaction;
  /** One per account, in id order, none zero. */
  moves: Move[];
  /** The earning row written with a sale (or a refund's negative one); its transaction id is the claim's. */
  earning: Omit<NewEarning, 'transactionId'> | null;
};
/** An account a movement changed: its balance right after, and a version that grows with each change of it. */
export type ChangedAccount = { accountId: string; userId: string | null; balance: number; version: number };
export type PostOutcome =
  | { kind: 'posted'; transactionId: string; earningId: string | null; changed: ChangedAccount[] }
  /** Every guard passed but the key was already claimed: a replay. Nothing was written. */
  | { kind: 'taken' }
  /** This account (the first refusing one in id order) would go below zero. Nothing was written. */
  | { kind: 'refused'; accountId: string; balance: number }
  /** An account id that does not exist (remembered from a transaction that rolled back). Nothing was written. */
  | { kind: 'unknown-account' };
