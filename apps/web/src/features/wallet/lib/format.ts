/** What the money pages format; token amounts are tokens, as the API sends them (docs/product.md#units). */
export { formatTokens, formatUsd, parseTokens } from '@cc/contracts';
export { cardLabel, formatDateTime, formatDay, formatWhen, LEDGER_KIND, PAYMENT_STATUS } from '../../../shared/money';

/** A saved card's expiry as printed on cards: "2030-12" or "1230" → "12/30". */
export function formatCardExpiry(expiry: string): string {
  const iso = /^(\d{4})-(\d{2})$/.exec(expiry);
  if (iso) return `${iso[2]}/${iso[1]!.slice(2)}`;
  const compact = /^(\d{2})(\d{2})$/.exec(expiry);
  if (compact) return `${compact[1]}/${compact[2]}`;
  return expiry;
}

export const EARNING_SOURCE: Record<'message' | 'item' | 'tip' | 'call', string> = {
  message: 'Message',
  item: 'Item sale',
  tip: 'Tip',
  call: 'Call',
};
