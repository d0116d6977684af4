import type { Me } from '@cc/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
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
  if (!readAccessToken()) return null;
  const answer = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: options.fresh }));
  // A failed refetch still carries the last good copy in `data`: the error decides.
  if (answer.error) {
    if ('status' in answer.error && answer.error.status === 401) endSession(dispatch, { redirectToLogin: false });
    return null;
  }
  return answer.data ?? null;
}
