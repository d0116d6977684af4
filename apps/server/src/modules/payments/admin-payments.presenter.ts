import { refundCentsFor, type AdminPayment, type AdminPaymentDetail, type Invoice } from '@cc/contracts';
import type { AdminPaymentRow } from './admin-payments.repository';
import { toPaymentDto } from './payments.presenter';

/** A payment as administrators see it: who bought, at which provider, and its reversal if any. */
export const toAdminPaymentDto = (row: AdminPaymentRow): AdminPayment => ({
  ...toPaymentDto(row),
  provider: row.provider,
  providerTransactionId: row.providerTransactionId,
  user: { _id: row.user.id, username: row.user.username, name: row.user.name, email: row.user.email },
  reversal:
    row.reversalKind && row.reversalReason !== null
      ? {
          kind: row.reversalKind,
          reason: row.reversalReason,
          at: row.reversedAt?.toISOString() ?? null,
          by: row.reverser ? { _id: row.reverser.id, name: row.reverser.name, email: row.reverser.email } : null,
          providerTransactionId: row.reversalProviderTransactionId,
        }
      : null,
});

/** What a refund could give back now: the tokens the member still holds of those the payment bought. */
function refundableOf(row: AdminPaymentRow, memberBalance: number): AdminPaymentDetail['refundable'] {
  if (row.status !== 'approved') return null;
  const tokens = Math.min(memberBalance, row.tokens);
  return { tokens, cents: refundCentsFor(row, tokens), whole: tokens === row.tokens };
}

/** The drawer's answer; `memberBalance` in hundredths (the schema sends tokens). */
export const toAdminPaymentDetail = (row: AdminPaymentRow, invoice: Invoice | null, memberBalance: number): AdminPaymentDetail => ({
  ...toAdminPaymentDto(row),
  invoice,
  memberBalance,
  refundable: refundableOf(row, memberBalance),
});
