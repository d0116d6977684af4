import { ErrorCode, maskedAccountNumberTail, type PayoutAccount, type payoutAccountInputSchema } from '@cc/contracts';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../platform/errors';
import { toAccountDto } from './payouts.presenter';
import type { AccountSnapshot, PayoutAccountRow, PayoutsRepository } from './payouts.repository';

type Member = { id: string; type: string };
export type PayoutAccountInput = z.output<typeof payoutAccountInputSchema>;

/** Only models are paid out (docs/product.md#payouts). */
export function assertModel(user: Member, msg = 'Only models have a payout account.') {
  if (user.type !== 'model') throw forbidden(msg, ErrorCode.NOT_A_MODEL);
}

/**
 * The account number to keep. A masked one (as GET /payout-account/ shows it) means "unchanged", so
 * a form can post back what it read (docs/product.md#payouts); it must then match the saved number.
 */
function accountNumberOf(iban: string, saved: PayoutAccountRow | undefined): string {
  const tail = maskedAccountNumberTail(iban);
  if (tail === null) return iban;
  if (saved?.method === 'bank_transfer' && saved.details.iban.endsWith(tail)) return saved.details.iban;
  const msg = 'Type the full account number or IBAN: there is no saved one ending like that to keep.';
  throw badRequest(msg, { fields: { 'bankInfo.iban': msg } });
}

/** The input as it is kept: the method and only the details that method uses. */
function snapshotOf(input: PayoutAccountInput, saved: PayoutAccountRow | undefined): AccountSnapshot {
  if (input.method === 'paypal') return { method: 'paypal', details: { email: input.email! } };
  const { beneficiaryName, bankName, iban, swift, bankAddress, beneficiaryAddress } = input.bankInfo!;
  return {
    method: 'bank_transfer',
    details: { beneficiaryName, bankName, iban: accountNumberOf(iban, saved), swift, bankAddress, beneficiaryAddress },
  };
}

/** A model's one payout account: where her payouts go. Read back to her with only the account number masked. */
export function createPayoutAccountsService({ repo }: { repo: PayoutsRepository }) {
  async function get(user: Member): Promise<PayoutAccount | null> {
    assertModel(user);
    const row = await repo.findAccount(user.id);
    return row ? toAccountDto(row) : null;
  }

  async function save(user: Member, input: PayoutAccountInput): Promise<PayoutAccount> {
    assertModel(user);
    const saved = input.method === 'bank_transfer' ? await repo.findAccount(user.id) : undefined;
    return toAccountDto(await repo.saveAccount(user.id, snapshotOf(input, saved)));
  }

  return { get, save };
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
