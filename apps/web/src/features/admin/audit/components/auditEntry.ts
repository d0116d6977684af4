import { formatTokens, formatUsd, hundredthsToTokens, type AuditEntry } from '@cc/contracts';
import { formatExact } from '../../../../shared/format/time';

/** What an administrator did, as a sentence's start; the raw action is shown beside it. */
const ACTIONS: Record<string, string> = {
  'model.approve': 'Approved model',
  'model.refuse': 'Refused model',
  'member.suspend': 'Suspended member',
  'member.reactivate': 'Reactivated member',
  'member.make-admin': 'Made administrator',
  'member.remove-admin': 'Removed administrator',
  'balance.adjust': 'Adjusted balance',
  'package.create': 'Created token package',
  'package.update': 'Edited token package',
  'package.delete': 'Retired token package',
  'menu.create': 'Added menu link',
  'menu.update': 'Edited menu link',
  'menu.delete': 'Deleted menu link',
  'menu.reorder': 'Reordered menu',
  'settings.update': 'Changed settings',
  'settings.favicon': 'Changed favicon',
  'post.create': 'Created post',
  'post.update': 'Edited post',
  'post.delete': 'Deleted post',
  'post.publish': 'Published post',
  'post.unpublish': 'Unpublished post',
  'post-cover.upload': 'Uploaded post cover',
  'payout.approve': 'Approved payout',
  'payout.pay': 'Marked payout paid',
  'payout.reject': 'Rejected payout',
  'item.hide': 'Hid sell item',
  'item.restore': 'Restored sell item',
  'call.end': 'Ended call',
  'payment.refund': 'Refunded payment',
  'payment.chargeback': 'Recorded chargeback',
  'contact-message.handle': 'Marked message handled',
  'contact-message.reopen': 'Reopened message',
};

const TARGETS: Record<string, string> = {
  member: 'Member',
  menu: 'Menu link',
  'menu-section': 'Menu section',
  settings: 'Settings',
  'token-package': 'Token package',
  post: 'Post',
  file: 'File',
  'payout-request': 'Payout request',
  'sell-item': 'Sell item',
  call: 'Call',
  payment: 'Payment',
  'contact-message': 'Contact message',
};

/** "Approved model"; an action this page does not know yet reads as itself. */
export const actionLabel = (action: string): string => ACTIONS[action] ?? action;

export const targetLabel = (type: string): string => TARGETS[type] ?? type;

/** The filter's families: the part of an action before its dot ('menu' matches 'menu.update'). */
export const ACTION_FAMILIES = [
  { value: '', label: 'All' },
  { value: 'model', label: 'Models' },
  { value: 'member', label: 'Members' },
  { value: 'balance', label: 'Balances' },
  { value: 'package', label: 'Packages' },
  { value: 'menu', label: 'Menus' },
  { value: 'settings', label: 'Settings' },
  { value: 'post', label: 'Posts' },
  { value: 'payout', label: 'Payouts' },
  { value: 'item', label: 'Sell items' },
  { value: 'call', label: 'Calls' },
  { value: 'payment', label: 'Payments' },
  { value: 'contact-message', label: 'Messages' },
] as const;

export const isActionFamily = (value: string): boolean => ACTION_FAMILIES.some((family) => family.value === value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "1f0c9a2e…" for an id: enough to tell rows apart; the whole id is in the title. */
export const shortId = (id: string): string => (UUID.test(id) ? `${id.slice(0, 8)}…` : id);

/**
 * Fields the server logs in its own units (docs/product.md#units): token amounts in hundredths,
 * prices in cents. Shown as people read them elsewhere in the admin area.
 */
const UNITS: Record<string, Record<string, 'hundredths' | 'cents'>> = {
  balance: { balance: 'hundredths' },
  payout: { amount: 'hundredths', amountCents: 'cents' },
  package: { tokens: 'hundredths', priceCents: 'cents' },
  call: { tokensCharged: 'hundredths' },
  payment: { amountCents: 'cents', taken: 'hundredths', shortfall: 'hundredths' },
  settings: { minPayoutTokens: 'hundredths', signupFreeTokens: 'hundredths', payoutRateCents: 'cents' },
};

const family = (action: string) => action.split('.')[0] ?? action;

/** The longest a value gets in a cell; the whole change is in the row's title. */
const LONGEST = 60;
const clip = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** One value as a person reads it: '—' for nothing, yes/no, amounts with their unit, short ids, local times. */
export function formatValue(value: unknown, unit?: 'hundredths' | 'cents'): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (unit === 'hundredths') return `${formatTokens(hundredthsToTokens(value))} tokens`;
    if (unit === 'cents') return formatUsd(value);
    return String(value);
  }
  if (typeof value === 'string') {
    if (value === '') return 'empty';
    if (UUID.test(value)) return shortId(value);
    if (ISO_TIME.test(value)) return formatExact(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => formatValue(item)).join(', ');
  return JSON.stringify(value);
}

export type AuditChange = {
  field: string;
  /** Absent for a field that only the other side has (a creation's, a removal's, a reason given). */
  before?: string;
  after?: string;
  /** The whole change, unclipped, for the title. */
  full: string;
};

/**
 * Each changed field of an entry, `field: before → after`. A creation has only the new values and a
 * removal only the old ones; so does a field logged on one side only (a refusal's reason) or the
 * same on both (issue #28: "amount: 100.00 → 100.00" read as a change).
 */
export function auditChanges({ action, before, after }: Pick<AuditEntry, 'action' | 'before' | 'after'>): AuditChange[] {
  const units = UNITS[family(action)] ?? {};
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const side = (fields: Record<string, unknown> | null) =>
      fields && Object.hasOwn(fields, field) ? formatValue(fields[field], units[field]) : undefined;
    const now = side(after);
    // A field logged the same on both sides (what a payout decision was about) is context, not a change.
    const was = side(before) === now ? undefined : side(before);
    const full = `${field}: ${[was, now].filter((side) => side !== undefined).join(' → ')}`;
    return {
      field,
      ...(was !== undefined ? { before: clip(was) } : {}),
      ...(now !== undefined ? { after: clip(now) } : {}),
      full,
    };
  });
}
