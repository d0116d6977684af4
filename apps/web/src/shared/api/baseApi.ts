import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { sessionRefusal, type ApiError } from './apiError';
import { createBaseQuery } from './baseQuery';
import { clearStoredSession, readAccessToken } from './session';
import { currentPath, rememberedSessionEnd } from './navigation';
import { endSession } from '../auth/endSession';

export const API_BASE = '/api';

let sessionEnding = false;

/**
 * A 401 ends the session (docs/product.md#client-rules) and goes to the login page. The token is forgotten at once so no
 * other call uses it; the state reset waits a tick because it aborts running requests, and the
 * call that got the 401 must still deliver 'Forbidden in the action!' to its caller.
 */
function onUnauthorized(api: BaseQueryApi, error: ApiError) {
  // With a token the server refused, the session ended: because the account was suspended or
  // deactivated when the server says so (the login page tells which), else expired or signed out
  // elsewhere. Without a token it ended a moment ago here (a query refetched as the state was
  // reset), and its reason, if any, is the one remembered then: this late 401 must not lose it.
  const loginNotice = readAccessToken() !== null ? sessionRefusal(error) : rememberedSessionEnd();
  clearStoredSession();
  // Already at the sign-in page (the session ended a moment ago, told why): a late 401 must not replace what it says.
  if (sessionEnding || currentPath().startsWith('/auth/')) return;
  sessionEnding = true;
  const next = currentPath();
  setTimeout(() => {
    sessionEnding = false;
    endSession(api.dispatch, { redirectToLogin: true, next, ...(loginNotice ? { loginNotice } : {}) });
  }, 0);
}

/**
 * The single RTK Query API. Features add their endpoints with `baseApi.injectEndpoints` and
 * describe what they read and change with these tags.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({
    baseUrl: API_BASE,
    getToken: readAccessToken,
    // `fetch` is looked up per call so tests can stub the global.
    fetchFn: (...args) => fetch(...args),
    onUnauthorized,
  }),
  tagTypes: ['Me', 'SiteConfig', 'Menu', 'Conversation', 'Message', 'Bookmark', 'Contact', 'Notification', 'Member'],
  endpoints: () => ({}),
});
