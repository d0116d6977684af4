import { formatTokens, type Invoice, type Payment } from '@cc/contracts';
import { Badge } from '../ui';
import { PAYMENT_STATUS } from './format';
import './money.css';

export function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const shown = PAYMENT_STATUS[status];
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

export function InvoiceStatusBadge({ status }: { status: Invoice['status'] }) {
  if (status === 'charged_back') return <Badge tone="danger">Charged back</Badge>;
  return status === 'paid' ? <Badge tone="success">Paid</Badge> : <Badge tone="neutral">Refunded</Badge>;
}

/** A signed amount of tokens: green with "+" when it came in, red with "−" when it went out. */
export function SignedTokens({ amount }: { amount: number }) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const tone = amount > 0 ? 'money-amount--in' : amount < 0 ? 'money-amount--out' : '';
  return (
    <span className={`money-amount ${tone}`}>
      {sign}
      {formatTokens(Math.abs(amount))}
      <span className="visually-hidden">{amount > 0 ? ' in' : amount < 0 ? ' out' : ''}</span>
    </span>
  );
}
