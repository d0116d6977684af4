import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loadCurrentUser } from '../../shared/auth/loadCurrentUser';
import { readAccessToken } from '../../shared/api/session';
import { loginPath } from '../../shared/api/navigation';
import type { AppStore } from '../store';

const requestedPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/**
 * Pages that require authentication (docs/product.md#client-rules): no login and no `accessToken` cookie → the login
 * page (remembering where the person was going); with a cookie, fetch the current user and treat
 * them as logged in; a failed fetch also → the login page. The fetch runs on every visit so a
 * session ended elsewhere is noticed at the next page, not at the next form.
 */
export function requireAuth(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    const next = requestedPath(request);
    if (!store.getState().auth.loggedIn && !readAccessToken()) throw redirect(loginPath(next));
    const me = await loadCurrentUser(store.dispatch, { fresh: true });
    if (!me) throw redirect(loginPath(next));
    return null;
  };
}

/** Admin pages: a signed-in account with role 'admin'; anyone else is told they cannot enter. */
export function requireAdmin(store: AppStore) {
  const signedIn = requireAuth(store);
  return async (args: LoaderFunctionArgs) => {
    await signedIn(args);
    if (store.getState().auth.user?.role !== 'admin') {
      throw data({ message: 'Only administrators can open this page.' }, { status: 403 });
    }
    return null;
  };
}

/** The sign-in and sign-up pages make no sense to someone already signed in. */
export function redirectIfSignedIn(store: AppStore) {
  return () => (store.getState().auth.loggedIn ? redirect('/') : null);
}
