import type { NotificationType } from '@cc/contracts';
import type { IconName } from '../../../shared/ui';

/** A shared icon, or the wallet this feature draws itself. */
export type KindIcon = Extract<IconName, 'chat' | 'star' | 'coin' | 'shieldCheck' | 'alert' | 'store' | 'phone'> | 'wallet';
export type KindTone = 'accent' | 'success' | 'warning' | 'danger' | 'info';

/** How each kind of notification looks: an icon on a tint, and a name for screen readers. */
export const NOTIFICATION_KINDS: Record<NotificationType, { icon: KindIcon; tone: KindTone; label: string }> = {
  message: { icon: 'chat', tone: 'accent', label: 'Message' },
  contact: { icon: 'star', tone: 'info', label: 'New contact' },
  tip: { icon: 'coin', tone: 'success', label: 'Tip' },
  token_purchase: { icon: 'wallet', tone: 'success', label: 'Token purchase' },
  refund: { icon: 'wallet', tone: 'info', label: 'Refund' },
  model_approved: { icon: 'shieldCheck', tone: 'success', label: 'Profile approved' },
  model_refused: { icon: 'alert', tone: 'danger', label: 'Profile not approved' },
  item_sold: { icon: 'store', tone: 'success', label: 'Item sold' },
  payout: { icon: 'wallet', tone: 'info', label: 'Payout' },
  call: { icon: 'phone', tone: 'warning', label: 'Call' },
};
