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

export const LOGIN_PATH = '/auth/login';

/** The login page, remembering where the person wanted to go (never another auth page). */
export function loginPath(next?: string | null): string {
  if (!next || next.startsWith('/auth/') || next === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}

/** Where to return after login: only a path on this site, so a crafted link cannot send people away. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
