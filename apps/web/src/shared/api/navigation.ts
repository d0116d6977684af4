/**
 * Lets code outside React (the API layer, thunks) move the person to another page. The app
 * registers the router's navigate; until then (and in tests) a full page load does it.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(next: Navigate) {
  navigate = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigate(to, options);
}

/** The query parameter of a page that sends the person back where they came from when done (`/tokens?next=/models/ruby`). */
export const RETURN_PARAM = 'next';

export const LOGIN_PATH = '/auth/login';

/**
 * Why a session ended without the person signing out here, so the login page can say so:
 * the server refused the token (expired, or ended on another device), this session was signed out
 * in another tab, the password changed, the account was deactivated or suspended.
 */
export const SESSION_END_REASONS = ['expired', 'signed-out-elsewhere', 'password-changed', 'deactivated', 'suspended'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

const SESSION_END_KEY = 'cc.sessionEnded';

/**
 * Why the session just ended, kept for the login page in this tab (sessionStorage): the reason in
 * its address can be lost when a request still running meets the ended session and sends the
 * person to the login page again (issue #28: a suspended member signed out with no word).
 */
export function rememberSessionEnd(reason: SessionEndReason) {
  sessionStorage.setItem(SESSION_END_KEY, reason);
}

/**
 * The reason remembered by rememberSessionEnd. Reading keeps it: a render can be thrown away before
 * it shows (a navigation superseded by the next), so the login page forgets it only once shown.
 */
export function rememberedSessionEnd(): SessionEndReason | null {
  const value = sessionStorage.getItem(SESSION_END_KEY);
  return SESSION_END_REASONS.find((reason) => reason === value) ?? null;
}

export function forgetSessionEnd() {
  sessionStorage.removeItem(SESSION_END_KEY);
}

/** The login page's query parameter that names a SessionEndReason. */
export const SESSION_END_PARAM = 'ended';

export function sessionEndReason(params: URLSearchParams): SessionEndReason | null {
  const value = params.get(SESSION_END_PARAM);
  return SESSION_END_REASONS.find((reason) => reason === value) ?? null;
}

/** The login page, remembering where the person wanted to go (never another auth page) and why they are there. */
export function loginPath(next?: string | null, ended?: SessionEndReason): string {
  const query = [
    ...(ended ? [`${SESSION_END_PARAM}=${ended}`] : []),
    ...(next && !next.startsWith('/auth/') && next !== '/' ? [`${RETURN_PARAM}=${encodeURIComponent(next)}`] : []),
  ];
  return query.length > 0 ? `${LOGIN_PATH}?${query.join('&')}` : LOGIN_PATH;
}

/** Where to return after login: only a path on this site, so a crafted link cannot send people away. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
