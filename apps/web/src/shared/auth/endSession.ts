import type { Dispatch } from '@reduxjs/toolkit';
import { appReset, clearStoredSession } from '../api/session';
import { LOGIN_PATH, loginPath, navigateTo } from '../api/navigation';
import { closeSocket } from '../socket/socketClient';

export type EndSessionOptions = {
  redirectToLogin: boolean;
  /** Where the person was, to return there after signing in again. */
  next?: string;
  /** A notice the login page shows (e.g. after deactivation). */
  loginNotice?: 'deactivated';
};

/**
 * Forgets the session locally: cookie and flag, the live socket, and every piece of state (the
 * store listens for `appReset` and also empties the RTK Query cache). Used by logout, by a 401
 * answer and by the server revoking the session.
 */
export function endSession(dispatch: Dispatch, options: EndSessionOptions) {
  clearStoredSession();
  closeSocket();
  dispatch(appReset());
  if (!options.redirectToLogin) return;
  const target = options.loginNotice ? `${LOGIN_PATH}?${options.loginNotice}=1` : loginPath(options.next);
  navigateTo(target, { replace: true });
}
