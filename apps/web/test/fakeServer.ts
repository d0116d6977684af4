import { vi } from 'vitest';

export type RecordedRequest = { method: string; url: string; headers: Headers; body: BodyInit | null | undefined };
type Reply = { status?: number; body?: unknown };
type Handler = (request: RecordedRequest) => Reply;

/**
 * A stand-in for the server behind `fetch`: answers by "METHOD /path" (query string ignored) and
 * records every request so tests can assert what was sent.
 */
export function fakeServer(routes: Record<string, Handler | Reply>) {
  const requests: RecordedRequest[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const request: RecordedRequest = { method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body: init?.body };
    requests.push(request);
    const key = `${request.method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ code: 'NOT_FOUND', msg: `No route ${key}` }), { status: 404 });
    const reply = typeof route === 'function' ? route(request) : route;
    const status = reply.status ?? 200;
    const text = status === 204 || status === 205 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status, headers: text ? { 'Content-Type': 'application/json' } : {} });
  });
  return { fetchFn, requests, install: () => vi.stubGlobal('fetch', fetchFn) };
}

/** Removes every cookie and the login flag so each test starts signed out. */
export function clearBrowserSession() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  localStorage.clear();
}
