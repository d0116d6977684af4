import type { SerializedError } from '@reduxjs/toolkit';

/** The generic helper's fallback (docs/product.md#errors) and the text a 401 answer raises. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred, please try again!';
export const UNAUTHORIZED_MESSAGE = 'Forbidden in the action!';

/**
 * What a failed call raises: the server's parsed error body (`code`, `msg`, `details`) plus the
 * HTTP status. `msg` is missing only when no readable body came back (network failure, proxy page).
 */
export type ApiError = {
  status: number;
  code: string;
  msg?: string;
  details?: { fields?: Record<string, string> } & Record<string, unknown>;
};

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).code === 'string'
  );
}

/** The generic helper (docs/product.md#errors): the server's `msg`, or the generic sentence. */
export function errorMessage(error: ApiError | SerializedError | unknown): string {
  if (typeof error === 'object' && error !== null && 'msg' in error && typeof error.msg === 'string' && error.msg.trim()) {
    return error.msg;
  }
  return GENERIC_ERROR_MESSAGE;
}

/**
 * Why the server refused a session (a 401): the account suspended or deactivated when its
 * `details.reason` says so, otherwise the session expired (or was signed out elsewhere).
 */
export function sessionRefusal(error: Pick<ApiError, 'details'>): 'suspended' | 'deactivated' | 'expired' {
  const reason = error.details?.reason;
  return reason === 'suspended' || reason === 'deactivated' ? reason : 'expired';
}

/** Per-field messages of a 422 answer (`details.fields`), or an empty object. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const fields = error.details?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Normalises whatever a mutation or query returned as its error into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return { status: 0, code: 'UNKNOWN' };
}
