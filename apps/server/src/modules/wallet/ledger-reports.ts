import type { LedgerCheck, WalletEntry } from '@cc/contracts';
import { tipNoteOf } from './tip-note';
import type { LedgerRepository } from './ledger.repository';

/** What the ledger reports and moves nothing by: a member's statement and the integrity check. */
export function createLedgerReports({ repo }: { repo: LedgerRepository }) {
  /** A page of what moved in and out of a member's wallet, newest first. */
  async function statement(input: { userId: string; limit: number; skip: number }): Promise<{ items: WalletEntry[]; count: number }> {
    const accountId = await repo.walletIdOf(input.userId);
    if (!accountId) return { items: [], count: 0 };
    const { rows, count } = await repo.statementPage(accountId, input);
    return {
      items: rows.map((r) => ({
        _id: r.id,
        transactionId: r.transactionId,
        kind: r.kind,
        amount: r.amount,
        memo: r.memo,
        note: tipNoteOf(r.kind, r.metadata),
        createdAt: r.createdAt.toISOString(),
      })),
      count,
    };
  }

  /** Integrity: every transaction balances and every cached balance equals its entries. */
  async function check(): Promise<LedgerCheck> {
    const [unbalancedTransactions, driftedAccounts] = await Promise.all([repo.unbalancedTransactions(), repo.driftedAccounts()]);
    return { ok: unbalancedTransactions.length === 0 && driftedAccounts.length === 0, unbalancedTransactions, driftedAccounts };
  }

  return { statement, check };
}
