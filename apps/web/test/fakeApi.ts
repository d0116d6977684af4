import { vi } from 'vitest';

/**
 * The API behind the global `fetch` for page tests (the API layer looks fetch up per call):
 * routes answered by handlers or fixed answers, later routes winning over earlier ones. A success
 * answer is wrapped in the `{ data }` envelope, as the server does; a handler that throws is a lost
 * connection. Every request is recorded for assertions.
 */
export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
type Answer = { status?: number; body?: unknown } | Response;
type Handler = (request: FakeRequest) => Answer | Promise<Answer>;

const json = (status: number, body: unknown) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

export function fakeServer() {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = [];
  const calls: FakeRequest[] = [];

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
      const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, body, headers: new Headers(init.headers) };
      calls.push(request);
      const route = [...routes].reverse().find((r) => r.method === method && matches(r.path, url.pathname));
      if (!route) return json(404, { code: 'NOT_FOUND', msg: `No fake route ${method} ${url.pathname}` });
      const answer = await route.handler(request);
      if (answer instanceof Response) return answer;
      const status = answer.status ?? 200;
      return json(status, status < 300 ? { data: answer.body } : answer.body);
    }),
  );

  return {
    calls,
    on(method: string, path: string | RegExp, handler: Handler | Answer) {
      routes.push({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
      return this;
    },
    /** The requests made to one route, in order. */
    callsTo(method: string, path: string | RegExp) {
      return calls.filter((c) => c.method === method && matches(path, c.path));
    },
  };
}
