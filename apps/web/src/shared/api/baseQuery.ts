import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { ErrorCode } from '@cc/contracts';
import { UNAUTHORIZED_MESSAGE, type ApiError } from './apiError';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type RequestArgs = string | { url: string; method?: HttpMethod; params?: QueryParams; body?: unknown };

export type RequestOptions = {
  /**
   * 'end-session' (default): a 401 ends the session and sends the person to the login page.
   * 'return': the caller handles it (the background "who am I" check on public pages).
   */
  on401?: 'end-session' | 'return';
};

type BaseQueryDeps = {
  baseUrl: string;
  getToken: () => string | null;
  /** A 401 ended the session; `error` is the server's (its `details.reason` names an account suspended or deactivated). */
  onUnauthorized: (api: BaseQueryApi, error: ApiError) => void;
  fetchFn?: typeof fetch;
};

/**
 * 401 answers that are about what the person just typed (wrong password on the login form, wrong
 * current password), not about their session: those stay on the page like any other form error.
 */
const CREDENTIAL_CODES = new Set<string>([ErrorCode.INVALID_CREDENTIALS, ErrorCode.WRONG_PASSWORD]);

/** For GET the empty parameters (docs/product.md#client-rules) (undefined, null, '') are dropped. */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  // 204 and 205 carry no body (docs/product.md#wire).
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const { code, msg, details } = body as Record<string, unknown>;
    return {
      status,
      code: typeof code === 'string' ? code : `HTTP_${status}`,
      ...(typeof msg === 'string' ? { msg } : {}),
      ...(typeof details === 'object' && details !== null ? { details: details as ApiError['details'] } : {}),
    };
  }
  return { status, code: `HTTP_${status}` };
}

/** `{ data: … }` is the envelope of every success (docs/product.md#wire); endpoints get what is inside. */
function unwrap(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

/**
 * The one way the app talks to the server (docs/product.md#client-rules): base URL, JSON, the bearer token from the
 * cookie, empty GET parameters dropped, 204/205 without a body, and any non-2xx answer raised as its
 * parsed error body. Multipart bodies (FormData) go through as they are so the browser sets the
 * boundary.
 */
export function createBaseQuery({
  baseUrl,
  getToken,
  onUnauthorized,
  fetchFn,
}: BaseQueryDeps): BaseQueryFn<RequestArgs, unknown, ApiError, RequestOptions> {
  return async (args, api, options = {}) => {
    const { url, method = 'GET', params, body } = typeof args === 'string' ? { url: args } : args;
    const headers = new Headers({ Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await (fetchFn ?? fetch)(`${baseUrl}${url}${buildQueryString(params)}`, {
        method,
        headers,
        body: payload,
        signal: api.signal,
      });
    } catch {
      return { error: { status: 0, code: 'NETWORK_ERROR' } };
    }

    const parsed = await readBody(response);
    if (response.ok) return { data: unwrap(parsed) };

    const error = errorFromBody(response.status, parsed);
    if (response.status === 401 && !CREDENTIAL_CODES.has(error.code) && options.on401 !== 'return') {
      // A 401 sends the person to the login page and raises 'Forbidden in the action!'.
      onUnauthorized(api, error);
      return { error: { ...error, msg: UNAUTHORIZED_MESSAGE } };
    }
    return { error };
  };
}
