import { ErrorCode, type PayoutAccount, type payoutAccountInputSchema } from '@cc/contracts';
import type { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { toAccountDto } from './payouts.presenter';
import type { AccountSnapshot, PayoutsRepository } from './payouts.repository';

type Member = { id: string; type: string };
export type PayoutAccountInput = z.output<typeof payoutAccountInputSchema>;

/** Only models are paid out (docs/product.md#payouts). */
export function assertModel(user: Member, msg = 'Only models have a payout account.') {
  if (user.type !== 'model') throw forbidden(msg, ErrorCode.NOT_A_MODEL);
}

/** The input as it is kept: the method and only the details that method uses. */
function snapshotOf(input: PayoutAccountInput): AccountSnapshot {
  if (input.method === 'paypal') return { method: 'paypal', details: { email: input.email! } };
  const { beneficiaryName, bankName, iban, swift, bankAddress, beneficiaryAddress } = input.bankInfo!;
  return { method: 'bank_transfer', details: { beneficiaryName, bankName, iban, swift, bankAddress, beneficiaryAddress } };
}

/** A model's one payout account: where her payouts go. Read back masked, never in full. */
export function createPayoutAccountsService({ repo }: { repo: PayoutsRepository }) {
  async function get(user: Member): Promise<PayoutAccount | null> {
    assertModel(user);
    const row = await repo.findAccount(user.id);
    return row ? toAccountDto(row) : null;
  }

  async function save(user: Member, input: PayoutAccountInput): Promise<PayoutAccount> {
    assertModel(user);
    return toAccountDto(await repo.saveAccount(user.id, snapshotOf(input)));
  }

  return { get, save };
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
