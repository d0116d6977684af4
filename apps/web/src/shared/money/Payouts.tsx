import { formatUsd, type PayoutAccount, type PayoutRequest, type PayoutStatus } from '@cc/contracts';
import { Badge, type BadgeTone } from '../ui';

/** How a payout's status reads, to its model and to administrators (docs/product.md#payouts). */
export const PAYOUT_STATUS: Record<PayoutStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Pending' },
  approved: { tone: 'info', label: 'Approved' },
  paid: { tone: 'success', label: 'Paid' },
  rejected: { tone: 'danger', label: 'Rejected' },
};

export const PAYOUT_METHOD: Record<PayoutAccount['type'], string> = { paypal: 'PayPal', bank_transfer: 'Bank transfer' };

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const shown = PAYOUT_STATUS[status];
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

/**
 * "$8.00": the money a request pays, at the rate of the moment it was asked; null for a request
 * from before the site had a payout rate (docs/product.md#payouts).
 */
export const payoutMoney = (request: Pick<PayoutRequest, 'amountCents'>): string | null =>
  request.amountCents === null ? null : formatUsd(request.amountCents);

/** "PayPal · j•••@example.com" or "Bank transfer · Acme Bank •••• 1234": the account as the server sent it. */
export function payoutAccountLabel(account: Pick<PayoutAccount, 'type' | 'email' | 'bankInfo'>): string {
  if (account.type === 'paypal') return `${PAYOUT_METHOD.paypal} · ${account.email ?? ''}`.trim();
  const bank = account.bankInfo;
  return bank ? `${PAYOUT_METHOD.bank_transfer} · ${bank.bankName} ${bank.iban}` : PAYOUT_METHOD.bank_transfer;
}
