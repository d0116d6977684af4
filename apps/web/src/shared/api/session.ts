import { createAction } from '@reduxjs/toolkit';

/**
 * Where the session lives in the browser (docs/product.md#accounts, #client-rules): the access token in the `accessToken`
 * cookie, and a login flag in local storage. The token is a cookie rather than storage so that
 * plain links (file downloads) carry it too; the server reads the cookie only for safe methods.
 */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const LOGGED_IN_FLAG_KEY = 'isLoggedIn';
export const LOGGED_IN_FLAG_VALUE = 'yes';
/** 365 days with keep-login (docs/product.md#accounts); without it the cookie ends with the browser session. */
export const KEEP_LOGIN_DAYS = 365;

/** The global reset: the root reducer answers it with the initial state of every slice. */
export const appReset = createAction('app/reset');

export function readAccessToken(): string | null {
  const prefix = `${ACCESS_TOKEN_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  const value = entry ? decodeURIComponent(entry.slice(prefix.length)) : '';
  return value || null;
}

export function storeAccessToken(token: string, keepLogin: boolean, now: Date = new Date()) {
  const parts = [`${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}`, 'path=/', 'SameSite=Lax'];
  if (keepLogin) parts.push(`expires=${new Date(now.getTime() + KEEP_LOGIN_DAYS * 86_400_000).toUTCString()}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function clearAccessToken() {
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function markLoggedIn() {
  try {
    localStorage.setItem(LOGGED_IN_FLAG_KEY, LOGGED_IN_FLAG_VALUE);
  } catch {
    // Storage can be disabled (private modes); the cookie alone still carries the session.
  }
}

export function clearLoggedInFlag() {
  try {
    localStorage.removeItem(LOGGED_IN_FLAG_KEY);
  } catch {
    // See markLoggedIn.
  }
}

/** Forgets the session in this browser (cookie and flag); callers also reset state and the socket. */
export function clearStoredSession() {
  clearAccessToken();
  clearLoggedInFlag();
}
