import type { LedgerKind, Payment } from '@cc/contracts';
import type { BadgeTone } from '../ui';

/** Dates, cards and statuses of money pages, shared by the member's pages and the admin area. */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const sameYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Mar 4, 2026, 10:12 AM"; the text itself when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Compact for tables: "Mar 4, 10:12 AM" this year, "Mar 4, 2025" before; the exact time on hover. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.getFullYear() === now.getFullYear() ? sameYear.format(date) : dateOnly.format(date);
}

/** "Mar 4, 2026": the app's one day format. */
export { formatDate as formatDay } from '../format';

const BRAND_NAMES: Record<string, string> = { AmericanExpress: 'American Express', MasterCard: 'Mastercard', DinersClub: 'Diners Club' };

/** The card network as people write it: "Visa", "American Express"; "Card" when unknown. */
export const brandName = (brand: string | null | undefined) => (brand ? (BRAND_NAMES[brand] ?? brand) : 'Card');

/** "Visa •••• 4242", or a dash when the payment had no card. */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string {
  if (!last4) return '—';
  return `${brandName(brand)} •••• ${last4}`;
}

export const PAYMENT_STATUS: Record<Payment['status'], { tone: BadgeTone; label: string }> = {
  approved: { tone: 'success', label: 'Paid' },
  pending: { tone: 'info', label: 'Processing' },
  held: { tone: 'warning', label: 'Under review' },
  unknown: { tone: 'warning', label: 'Being checked' },
  declined: { tone: 'danger', label: 'Declined' },
  error: { tone: 'danger', label: 'Failed' },
  refunding: { tone: 'info', label: 'Refund in progress' },
  refunded: { tone: 'neutral', label: 'Refunded' },
  partially_refunded: { tone: 'neutral', label: 'Partly refunded' },
  charged_back: { tone: 'danger', label: 'Charged back' },
};

export const LEDGER_KIND: Record<LedgerKind, string> = {
  card_purchase: 'Token purchase',
  message: 'Message',
  item: 'Item',
  tip: 'Tip',
  call: 'Call',
  payout: 'Payout request',
  payout_refund: 'Payout returned',
  payout_paid: 'Payout paid',
  adjustment: 'Adjustment',
  refund: 'Refund',
  signup_bonus: 'Welcome tokens',
};
