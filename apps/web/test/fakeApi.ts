import { vi } from 'vitest';
import { ErrorCode, type RouteAnswer, type RouteSpec } from '@cc/contracts';
import { API_BASE } from '../src/shared/api/baseApi';

/**
 * The one stand-in for the server behind `fetch` in web tests, typed from the contracts' route table:
 * a test says which route answers what (`api.answer(profileRoutes.me, buildMe())`), so an answer of
 * the wrong shape, or a route the contracts no longer have, fails the typecheck as the app itself
 * would. It answers as the server does: `{ data }` with the route's own success status, a refusal as
 * `{ code, msg, message, details }`; a route nobody set answers 404. Every request is recorded.
 */

/** One request as the fake saw it: its route's `:params`, the query, and the JSON body parsed (a FormData stays one). */
export type FakeRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

/** A refusal the fake sends as the server would (docs/product.md, "On the wire"). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: { code: string; msg: string; message: string; details?: unknown },
  ) {}
}

/** `refusal(422, 'Enter an amount', { code: 'VALIDATION_FAILED', fields: { amount: '…' } })`. */
export function refusal(
  status: number,
  msg: string,
  { code = defaultCode(status), fields, details }: { code?: string; fields?: Record<string, string>; details?: unknown } = {},
) {
  return new Refusal(status, { code, msg, message: msg, ...(fields ? { details: { fields } } : details !== undefined ? { details } : {}) });
}

const defaultCode = (status: number): ErrorCode =>
  (
    ({
      400: ErrorCode.VALIDATION_FAILED,
      401: ErrorCode.UNAUTHENTICATED,
      402: ErrorCode.INSUFFICIENT_TOKENS,
      403: ErrorCode.FORBIDDEN,
      404: ErrorCode.NOT_FOUND,
      409: ErrorCode.CONFLICT,
      413: ErrorCode.PAYLOAD_TOO_LARGE,
      422: ErrorCode.VALIDATION_FAILED,
      429: ErrorCode.RATE_LIMITED,
      503: ErrorCode.UNAVAILABLE,
    }) as Record<number, ErrorCode>
  )[status] ?? ErrorCode.INTERNAL;

/**
 * A route's answer with another of its success statuses than its usual one: the purchase held for
 * review answers 202, not 200. The data is still typed from the route.
 */
export class StatusAnswer<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

/** `withStatus(202, { payment, balance })`: this answer, with this success status. */
export const withStatus = <T>(status: number, data: T) => new StatusAnswer(status, data);

/** What a route's handler may give back: its answer (with its own status or another), a refusal, or a whole Response (a download, a raw route). */
type Reply<R extends RouteSpec> = RouteAnswer<R> | StatusAnswer<RouteAnswer<R>> | Refusal | Response;
type Handler<R extends RouteSpec> = (request: FakeRequest) => Reply<R> | Promise<Reply<R>>;

type Entry = { route: RouteSpec; pattern: RegExp; names: string[]; staticSegments: number; handler: Handler<RouteSpec> };

function compile(route: RouteSpec): Pick<Entry, 'pattern' | 'names' | 'staticSegments'> {
  const names: string[] = [];
  const segments = `${API_BASE}${route.path}`.replace(/\/$/, '').split('/');
  const source = segments
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names, staticSegments: segments.length - names.length };
}

const json = (status: number, body: unknown) =>
  body === undefined || status === 204 || status === 205
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Replaces the global `fetch` (the API layer looks it up per call) until the test's end. */
export function fakeApi(): FakeApi {
  const entries: Entry[] = [];
  const requests: (FakeRequest & { route: RouteSpec | null })[] = [];

  function find(method: string, path: string) {
    // The most specific route wins (`/users/me` over `/users/:id`), then the one set last, so a test
    // can change an answer half-way.
    let best: { entry: Entry; match: RegExpExecArray } | null = null;
    for (const entry of entries) {
      if (entry.route.method !== method) continue;
      const match = entry.pattern.exec(path);
      if (match && (!best || entry.staticSegments >= best.entry.staticSegments)) best = { entry, match };
    }
    return best;
  }

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const found = find(method, url.pathname);
      const params = Object.fromEntries((found?.entry.names ?? []).map((name, i) => [name, decodeURIComponent(found!.match[i + 1]!)]));
      const request = {
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        body: readBody(init.body),
        headers: new Headers(init.headers),
      };
      requests.push({ ...request, route: found?.entry.route ?? null });
      if (!found) return json(404, { code: 'NOT_FOUND', msg: `No fake route ${method} ${url.pathname}`, message: 'Not found' });
      const reply = await found.entry.handler(request);
      if (reply instanceof Response) return reply;
      if (reply instanceof Refusal) return json(reply.status, reply.body);
      if (reply instanceof StatusAnswer) return json(reply.status, { data: reply.data });
      const route = found.entry.route;
      const status = route.status ?? (route.answer === null ? 204 : 200);
      return json(status, status === 204 ? undefined : { data: reply });
    }),
  );

  function answer(route: RouteSpec, data: unknown) {
    const handler = (typeof data === 'function' ? data : () => data) as Handler<RouteSpec>;
    entries.push({ route, ...compile(route), handler });
    return api;
  }

  const api = {
    /** Every request, in order, with the route it matched (`null` for none). */
    requests,
    /** The route answers `data`, or what the function makes of each request: its answer, a refusal or a Response. */
    answer: answer as FakeApi['answer'],
    /** The route refuses: `api.refuse(walletRoutes.tip, 402, 'Not enough tokens')`. */
    refuse(route: RouteSpec, status: number, msg: string, options?: Parameters<typeof refusal>[2]) {
      const answer = refusal(status, msg, options);
      entries.push({ route, ...compile(route), handler: () => answer });
      return api;
    },
    /** The connection is lost on this route: fetch rejects, as it does offline. */
    offline(route: RouteSpec) {
      entries.push({
        route,
        ...compile(route),
        handler: () => {
          throw new TypeError('Failed to fetch');
        },
      });
      return api;
    },
    /** The requests made to one route, in order: those it answered, and those it would have had the test set it. */
    requestsTo(route: RouteSpec) {
      const { pattern } = compile(route);
      return requests.filter(
        (request) => request.route === route || (request.route === null && request.method === route.method && pattern.test(request.path)),
      );
    },
  };
  return api;
}

export type FakeApi = {
  requests: (FakeRequest & { route: RouteSpec | null })[];
  answer: {
    <R extends RouteSpec>(route: R, data: RouteAnswer<R>): FakeApi;
    <R extends RouteSpec>(route: R, handler: Handler<R>): FakeApi;
  };
  refuse(route: RouteSpec, status: number, msg: string, options?: Parameters<typeof refusal>[2]): FakeApi;
  offline(route: RouteSpec): FakeApi;
  requestsTo(route: RouteSpec): (FakeRequest & { route: RouteSpec | null })[];
};

/** A page of a list route's answer: `{ items, count }`, count the total. */
export const page = <T>(items: T[], count = items.length) => ({ items, count });
