import { sessionEndReason, type SessionEndReason } from '../../../shared/api/navigation';

export type ArrivalNotice = { tone: 'success' | 'info' | 'warning'; text: string };

/** What the login page says to someone whose session ended without them signing out here. */
const SESSION_ENDED: Record<SessionEndReason, ArrivalNotice> = {
  expired: { tone: 'info', text: 'Your session has ended: it expired or was signed out on another device. Sign in again to continue.' },
  'signed-out-elsewhere': { tone: 'info', text: 'You signed out in another tab or window. Sign in again to continue.' },
  'password-changed': { tone: 'info', text: 'You were signed out because your password changed. Sign in with your new password.' },
  deactivated: { tone: 'info', text: 'Your account has been deactivated and you have been signed out. Contact us to reactivate it.' },
  suspended: { tone: 'warning', text: 'Your account has been suspended by an administrator. Contact us if you think this is a mistake.' },
};

/**
 * Notices for people arriving from another step of the account flow, or whose session ended: the
 * reason in the address, or the one this tab remembered when the session ended (`remembered`).
 */
export function arrivalNotice(params: URLSearchParams, remembered: SessionEndReason | null = null): ArrivalNotice | null {
  if (params.get('verified') === '1') return { tone: 'success', text: 'Your e-mail address is confirmed. Sign in to get started.' };
  if (params.get('reset') === '1') return { tone: 'success', text: 'Your password has been changed. Sign in with your new password.' };
  const ended = sessionEndReason(params) ?? remembered;
  return ended ? SESSION_ENDED[ended] : null;
}
