import type { AdjustBalanceInput } from '@cc/contracts';
import type { AdminActor, AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { Ledger } from './ledger.service';
import type { MemberLookup } from '../accounts';

/** What administrators do with wallets: correct a balance with a reason, read any statement. */
export function createAdminWalletService({
  db,
  ledger,
  members,
  audit,
}: {
  db: Db;
  ledger: Pick<Ledger, 'adjust' | 'announce' | 'balanceOf' | 'statement' | 'check'>;
  members: Pick<MemberLookup, 'exists'>;
  audit: AuditLog;
}) {
  async function assertMember(userId: string) {
    if (!(await members.exists(userId))) throw notFound('That member does not exist.');
  }

  /**
   * The movement and its audit row commit together: the ledger joins this transaction, so a 402, a
   * failed audit write or a crash leaves neither. A replay (same key) moved nothing and writes no row;
   * the first adjustment's row already tells it. Balances are announced only after the commit.
   */
  async function adjust(actor: AdminActor, { userId, input }: { userId: string; input: AdjustBalanceInput }) {
    await assertMember(userId);
    const posted = await db.transaction(async (tx) => {
      const result = await ledger.adjust(
        {
          userId,
          amount: input.amount,
          reason: input.reason,
          adminId: actor.id,
          // Scoped to the member, so one key reused for another member is a new adjustment, not a replay.
          idempotencyKey: `adjust:${userId}:${input.idempotencyKey}`,
          // The key repeated with another amount is refused, not answered as the first (docs/product.md#idempotency).
          request: `adjust ${userId} ${input.amount}`,
        },
        tx,
      );
      if (result.replayed) return result;
      const after = result.balances[userId];
      // Never the case (a posted adjustment always changes this wallet); refusing keeps a change without its row impossible.
      if (after === undefined) throw new Error(`adjustment ${result.transactionId} did not report the member's balance`);
      // The movement changed this wallet by exactly `amount` under the account's lock, so this is
      // the balance it found, with no second read that a concurrent movement could slip past.
      await audit.record(
        actor,
        {
          action: 'balance.adjust',
          target: { type: 'member', id: userId },
          // Hundredths of a token, as the ledger stores them.
          before: { balance: after - input.amount },
          after: { balance: after, reason: input.reason, transactionId: result.transactionId },
        },
        tx,
      );
      return result;
    });
    ledger.announce(posted);
    return { balance: posted.balances[userId] ?? (await ledger.balanceOf(userId)) };
  }

  async function statement({ userId, page }: { userId: string; page: { limit: number; skip: number } }) {
    await assertMember(userId);
    return ledger.statement({ userId, ...page });
  }

  return { adjust, statement, check: ledger.check };
}

export type AdminWalletService = ReturnType<typeof createAdminWalletService>;
