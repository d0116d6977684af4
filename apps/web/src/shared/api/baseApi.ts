import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createBaseQuery } from './baseQuery';
import { clearStoredSession, readAccessToken } from './session';
import { currentPath } from './navigation';
import { endSession } from '../auth/endSession';

export const API_BASE = '/api';

let sessionEnding = false;

/**
 * A 401 ends the session (docs/product.md#client-rules) and goes to the login page. The token is forgotten at once so no
 * other call uses it; the state reset waits a tick because it aborts running requests, and the
 * call that got the 401 must still deliver 'Forbidden in the action!' to its caller.
 */
function onUnauthorized(api: BaseQueryApi) {
  // With a token the server refused, the session ended (expired or signed out elsewhere); without one there was none.
  const hadSession = readAccessToken() !== null;
  clearStoredSession();
  if (sessionEnding) return;
  sessionEnding = true;
  const next = currentPath();
  setTimeout(() => {
    sessionEnding = false;
    endSession(api.dispatch, { redirectToLogin: true, next, ...(hadSession ? { loginNotice: 'expired' as const } : {}) });
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
