export { centsPerToken, sumTokens } from './amounts';
export { brandName, cardLabel, formatDateTime, formatDay, formatWhen, LEDGER_KIND, PAYMENT_STATUS } from './format';
export { InvoiceDocument } from './InvoiceDocument';
export { StatementTable } from './StatementTable';
export { InvoiceStatusBadge, PaymentStatusBadge, SignedTokens } from './StatusBadges';
export { TipNote } from './TipNote';
export { When } from './When';
export { moneyFor, usePayoutTerms, type PayoutTerms } from './payoutTerms';
export { PAYOUT_METHOD, PAYOUT_STATUS, PayoutStatusBadge, payoutAccountLabel, payoutMoney } from './Payouts';
