import type { AdjustBalanceInput } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import type { Ledger } from './ledger.service';
import type { MemberLookup } from '../accounts';

/** What administrators do with wallets: correct a balance with a reason, read any statement. */
export function createWalletAdminService({ ledger, members }: { ledger: Ledger; members: Pick<MemberLookup, 'exists'> }) {
  async function assertMember(userId: string) {
    if (!(await members.exists(userId))) throw notFound('That member does not exist.');
  }

  async function adjust({ adminId, userId, input }: { adminId: string; userId: string; input: AdjustBalanceInput }) {
    await assertMember(userId);
    const result = await ledger.adjust({
      userId,
      amount: input.amount,
      reason: input.reason,
      adminId,
      // Scoped to the member, so one key reused for another member is a new adjustment, not a replay.
      idempotencyKey: `adjust:${userId}:${input.idempotencyKey}`,
    });
    return { balance: result.balances[userId] ?? (await ledger.balanceOf(userId)) };
  }

  async function statement({ userId, page }: { userId: string; page: { limit: number; skip: number } }) {
    await assertMember(userId);
    return ledger.statement({ userId, ...page });
  }

  return { adjust, statement, check: ledger.check };
}

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
