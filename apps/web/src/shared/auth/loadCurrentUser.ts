import type { Me } from '@cc/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { sessionRefusal, type ApiError } from '../api/apiError';
import { currentPath, type SessionEndReason } from '../api/navigation';
import { readAccessToken } from '../api/session';
import { endSession } from './endSession';
import { sessionApi } from './sessionApi';

type AnyThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * With an access token cookie (docs/product.md#client-rules), fetch the current user and treat the person as logged in.
 * Returns null without a token or when the fetch fails; a token the server refuses (401) is
 * forgotten so it is not tried again on every page.
 */
export async function loadCurrentUser(dispatch: AnyThunkDispatch, options: { fresh: boolean }): Promise<Me | null> {
  return (await loadSession(dispatch, options)).me;
}

/** loadCurrentUser, and why the server refused the session when it did (for the login page to say). */
export async function loadSession(
  dispatch: AnyThunkDispatch,
  options: { fresh: boolean },
): Promise<{ me: Me | null; ended: SessionEndReason | null }> {
  if (!readAccessToken()) return { me: null, ended: null };
  const answer = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: options.fresh }));
  // A failed refetch still carries the last good copy in `data`: the error decides.
  if (answer.error) {
    if ('status' in answer.error && answer.error.status === 401) {
      const ended = sessionRefusal(answer.error as ApiError);
      // An account suspended or deactivated cannot go on anywhere: to the sign-in page, told why,
      // before a later refusal (or the socket closing) can end the session without a word.
      const closed = ended !== 'expired';
      endSession(dispatch, closed ? { redirectToLogin: true, loginNotice: ended, next: currentPath() } : { redirectToLogin: false });
      return { me: null, ended };
    }
    return { me: null, ended: null };
  }
  return { me: answer.data ?? null, ended: null };
}
