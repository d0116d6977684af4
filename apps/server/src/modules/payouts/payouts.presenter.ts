import { usdCentsToDollars, type PayoutAccount, type PayoutRequest } from '@cc/contracts';
import type { AccountSnapshot, ModelRef, PayoutAccountRow, PayoutRequestView } from './payouts.repository';

/**
 * Explicit allow-lists (docs/product.md#payouts). A model reads her own account in full but for the
 * account number's last four; a request's snapshot is shown enough to recognise it, never enough to
 * use it — the PayPal address with its name hidden, the account number's last four.
 */

/** `jane.doe@example.com` → `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** `DE89370400440532013000` → `•••• 3000`. */
export const maskAccountNumber = (number: string) => `•••• ${number.slice(-4)}`;

export function maskAccount(account: AccountSnapshot): Omit<PayoutAccount, '_id' | 'updatedAt'> {
  if (account.method === 'paypal') return { type: 'paypal', email: maskEmail(account.details.email), bankInfo: null };
  const { beneficiaryName, bankName, iban, swift } = account.details;
  return {
    type: 'bank_transfer',
    email: null,
    bankInfo: { beneficiaryName, bankName, iban: maskAccountNumber(iban), swift: swift || null },
  };
}

/** The account read back to its owner: her PayPal address in full (she checks it), the account number masked. */
export function toAccountDto(row: PayoutAccountRow): PayoutAccount {
  const meta = { _id: row.id, updatedAt: row.updatedAt.toISOString() };
  if (row.method === 'paypal') return { ...meta, type: 'paypal', email: row.details.email, bankInfo: null };
  const { bankInfo } = maskAccount(row);
  const { bankAddress, beneficiaryAddress } = row.details;
  return {
    ...meta,
    type: 'bank_transfer',
    email: null,
    bankInfo: { ...bankInfo!, bankAddress: bankAddress || null, beneficiaryAddress: beneficiaryAddress || null },
  };
}

/** A model reading her own requests sees no e-mail of hers echoed back; administrators see whose it is. */
const toModelDto = (model: ModelRef | null, withEmail: boolean) =>
  model ? { _id: model.id, username: model.username, name: model.name, ...(withEmail ? { email: model.email } : {}) } : null;

/** The account in full, for the administrators who pay it (docs/product.md#payouts). */
function payToOf(account: AccountSnapshot): NonNullable<PayoutRequest['payTo']> {
  if (account.method === 'paypal') return { type: 'paypal', email: account.details.email, bankInfo: null };
  const { beneficiaryName, bankName, iban, swift, bankAddress, beneficiaryAddress } = account.details;
  return {
    type: 'bank_transfer',
    email: null,
    bankInfo: {
      beneficiaryName,
      bankName,
      iban,
      swift: swift || null,
      bankAddress: bankAddress || null,
      beneficiaryAddress: beneficiaryAddress || null,
    },
  };
}

/** `forAdmin`: administrators also see whose request it is (e-mail) and where to pay, unmasked. */
export function toRequestDto({ request, model }: PayoutRequestView, { forAdmin = false } = {}): PayoutRequest {
  return {
    _id: request.id,
    modelId: request.modelId,
    model: toModelDto(model, forAdmin),
    token: request.amount,
    status: request.status,
    payoutAccount: maskAccount(request.account),
    ...(forAdmin ? { payTo: payToOf(request.account) } : {}),
    amountCents: request.amountCents,
    amount: request.amountCents === null ? null : usdCentsToDollars(request.amountCents),
    payoutRateCents: request.payoutRateCents,
    reference: request.reference,
    note: request.note,
    createdAt: request.createdAt.toISOString(),
    approvedAt: request.approvedAt?.toISOString() ?? null,
    paidAt: request.paidAt?.toISOString() ?? null,
    rejectedAt: request.rejectedAt?.toISOString() ?? null,
  };
}
