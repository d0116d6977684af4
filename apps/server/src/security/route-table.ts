import { randomBytes } from 'node:crypto';
import * as contracts from '@cc/contracts';
import { MEDIA_FILE_FIELD, type RouteSpec } from '@cc/contracts';
import type { TestApp, TestResponse } from '../test-support/harness';

/**
 * The route table the security suite walks: every RouteSpec `@cc/contracts` exports, and every
 * route Fastify mounted, so a test can hold the two against each other (a route mounted without a
 * contract, or a contract nobody mounted, fails the suite instead of escaping it).
 */

const isRouteSpec = (value: unknown): value is RouteSpec =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteSpec).method === 'string' &&
  typeof (value as RouteSpec).path === 'string' &&
  typeof (value as RouteSpec).access === 'string';

/** Every RouteSpec in the groups `@cc/contracts` exports, once per method and path. */
export function contractRoutes(): RouteSpec[] {
  const routes = new Map<string, RouteSpec>();
  for (const exported of Object.values(contracts)) {
    if (typeof exported !== 'object' || exported === null || Object.getPrototypeOf(exported) !== Object.prototype) continue;
    const candidates = isRouteSpec(exported) ? [exported] : Object.values(exported);
    for (const route of candidates.filter(isRouteSpec)) routes.set(`${route.method} ${route.path}`, route);
  }
  return [...routes.values()];
}

export const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/** Fastify's route tree (`printRoutes`) flattened to 'METHOD /path' lines; HEAD is Fastify's automatic twin of GET. */
export function mountedRoutes(app: TestApp): string[] {
  const tree = app.app.printRoutes({ commonPrefix: false });
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

/** Param names and a trailing slash do not matter to the router: compare 'METHOD /path' shapes only. */
export const routeKey = (line: string) => line.replace(/:[^/]+/g, ':').replace(/\/$/, '');

/** The multipart body a browser form sends with one file (field `file`) and optional text fields. */
export function multipart(file: { name: string; type: string; content: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----security${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${MEDIA_FILE_FIELD}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a multipart upload and answers status, parsed body and headers like `app.request` does. */
export async function sendUpload(
  app: TestApp,
  method: string,
  url: string,
  file: { name: string; type: string; content: Buffer },
  opts: { token?: string; fields?: Record<string, string> } = {},
): Promise<TestResponse> {
  const { payload, contentType } = multipart(file, opts.fields);
  const res = await app.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
  });
  let body: unknown = res.body;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, headers: res.headers };
}
