import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loadCurrentUser, loadSession } from '../../shared/auth/loadCurrentUser';
import { readAccessToken } from '../../shared/api/session';
import { loginPath, safeNext } from '../../shared/api/navigation';
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
    const { me, ended } = await loadSession(store.dispatch, { fresh: true });
    // A token the server refused is forgotten: the session ended, and the login page says why
    // (expired, or the account suspended or deactivated).
    if (!me) throw redirect(loginPath(next, ended ?? undefined));
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

/**
 * The sign-in and sign-up pages make no sense to someone already signed in: they go on to `next`
 * (or home). Opened directly, the page loads before the shell has checked the cookie, so a cookie
 * is checked here first; a cookie the server refuses is forgotten and the form shows.
 */
export function redirectIfSignedIn(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    const signedIn =
      store.getState().auth.loggedIn || (readAccessToken() !== null && (await loadCurrentUser(store.dispatch, { fresh: false })) !== null);
    if (!signedIn) return null;
    return redirect(safeNext(new URL(request.url).searchParams.get('next')));
  };
}
