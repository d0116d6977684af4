import type { Dispatch } from '@reduxjs/toolkit';
import { appReset, clearStoredSession } from '../api/session';
import { loginPath, navigateTo, rememberSessionEnd, type SessionEndReason } from '../api/navigation';
import { closeSocket } from '../socket/socketClient';

export type EndSessionOptions = {
  redirectToLogin: boolean;
  /** Where the person was, to return there after signing in again. */
  next?: string;
  /** Why the session ended, for the login page to say (e.g. after deactivation). */
  loginNotice?: SessionEndReason;
};

/**
 * Forgets the session locally: cookie and flag, the live socket, and every piece of state (the
 * store listens for `appReset` and also empties the RTK Query cache). Used by logout, by a 401
 * answer and by the server revoking the session.
 */
export function endSession(dispatch: Dispatch, options: EndSessionOptions) {
  clearStoredSession();
  if (options.loginNotice) rememberSessionEnd(options.loginNotice);
  closeSocket();
  dispatch(appReset());
  if (!options.redirectToLogin) return;
  navigateTo(loginPath(options.next, options.loginNotice), { replace: true });
}
