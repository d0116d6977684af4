import type { PayoutRequest } from '@cc/contracts';

export { formatTokens, parseTokens } from '@cc/contracts';
export { formatDateTime, formatWhen, moneyFor, PAYOUT_METHOD, payoutAccountLabel, payoutMoney } from '../../../shared/money';

/** The latest decision on a request and when it was made, or null while it waits. */
export function lastDecision(request: PayoutRequest): { label: string; at: string } | null {
  if (request.paidAt) return { label: 'Paid', at: request.paidAt };
  if (request.rejectedAt) return { label: 'Rejected', at: request.rejectedAt };
  if (request.approvedAt) return { label: 'Approved', at: request.approvedAt };
  return null;
}
