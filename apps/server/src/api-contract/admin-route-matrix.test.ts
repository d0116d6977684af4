import * as contracts from '@cc/contracts';
import { buildPath, type RouteSpec } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createAdmin, createMember, createModel } from '../test-support/factories';

/**
 * The authorization matrix of every administrator route: anonymous → 401, member and model → 403,
 * administrator → let through. Rows come from the contracts' route table, not a hand-written list,
 * so a new admin route is covered the day it is added; and every route the server mounts under
 * /api/admin must be in that table, so one mounted beside it cannot slip through either.
 */

const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.' };
const FORBIDDEN = { code: 'FORBIDDEN', msg: 'Only administrators can do that.' };

const isRouteSpec = (value: unknown): value is RouteSpec =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteSpec).method === 'string' &&
  typeof (value as RouteSpec).path === 'string' &&
  typeof (value as RouteSpec).access === 'string';

/** Every RouteSpec in the groups `@cc/contracts` exports (`accountAdminRoutes`, …), once per method and path. */
function collectRoutes(): RouteSpec[] {
  const routes = new Map<string, RouteSpec>();
  for (const exported of Object.values(contracts)) {
    // Only plain objects are route groups; functions and zod schemas are skipped.
    if (typeof exported !== 'object' || exported === null || Object.getPrototypeOf(exported) !== Object.prototype) continue;
    const candidates = isRouteSpec(exported) ? [exported] : Object.values(exported);
    for (const route of candidates.filter(isRouteSpec)) routes.set(`${route.method} ${route.path}`, route);
  }
  return [...routes.values()];
}

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/**
 * Path params the route's schema accepts, so the guard is reached with a well-formed URL: a UUID
 * (every id today), else a number or a word for a schema that wants one.
 */
function wellFormedParams(route: RouteSpec): Record<string, string> {
  const names = pathParamNames(route.path);
  const attempts = ['00000000-0000-4000-8000-000000000000', '1', 'x'].map((value) => Object.fromEntries(names.map((n) => [n, value])));
  return attempts.find((params) => !route.params || route.params.safeParse(params).success) ?? attempts[0]!;
}

/** Fastify's route tree (`printRoutes`) flattened to 'METHOD /path' lines; HEAD is Fastify's automatic twin of GET. */
function mountedRoutes(tree: string): string[] {
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

/** Param names do not matter to the router ('/:conversationId|:id' is one node): compare 'METHOD /path' shapes only. */
const routeKey = (line: string) => line.replace(/:[^/]+/g, ':');

const allRoutes = collectRoutes();
const adminRoutes = allRoutes
  .filter((route) => route.access === 'admin')
  .map((route) => ({
    method: route.method,
    path: route.path,
    url: `/api${buildPath(route.path, wellFormedParams(route))}`,
    // A GET without path params needs no made-up id, so nothing excuses less than a 200.
    plainGet: route.method === 'GET' && pathParamNames(route.path).length === 0,
  }));

let app: TestApp;
let member: string;
let model: string;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.app.ready();
  // Once for the file: creating accounts per row would make the matrix slow.
  member = (await createMember(app)).token;
  model = (await createModel(app)).token;
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

describe('the admin route table', () => {
  it('is collected from the contracts', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.map((r) => `${r.method} ${r.path}`)).toContain('GET /admin/users');
  });

  it('is mounted by the server, route for route', () => {
    const unmounted = adminRoutes.filter((r) => !app.app.hasRoute({ method: r.method, url: `/api${r.path}` }));
    expect(unmounted.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('holds every route the server mounts under /api/admin', () => {
    const mounted = mountedRoutes(app.app.printRoutes({ commonPrefix: false }));
    // The tree's text is the only full registry Fastify offers; fail loudly if its format ever changes.
    expect(mounted).toContain('GET /api/admin/users');
    const known = new Set(adminRoutes.map((r) => routeKey(`${r.method} /api${r.path}`)));
    const outside = mounted.filter((line) => /^\S+ \/api\/admin(\/|$)/.test(line) && !known.has(routeKey(line)));
    // A route here is either mounted without a contract or has a contract whose access is not 'admin'.
    expect(outside).toEqual([]);
  });
});

describe('without a token', () => {
  it.each(adminRoutes)('$method $path answers 401', async ({ method, url }) => {
    // The guard runs at onRequest, before the body is read: an empty JSON body is enough, even for an upload.
    const res = await app.request(method, url, { body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });
});

describe('as an ordinary member or a model', () => {
  it.each(adminRoutes)('$method $path answers 403, even with a bad body', async ({ method, url }) => {
    for (const token of [member, model]) {
      const res = await app.request(method, url, { token, body: method === 'GET' ? undefined : { reason: '' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });
});

describe('as an administrator', () => {
  it.each(adminRoutes)('$method $path lets them in', async ({ method, url, plainGet }) => {
    const res = await app.request(method, url, { token: admin, body: method === 'GET' ? undefined : {} });
    expect(res.status).not.toBe(401);
    expect(res.status).not.toBe(403);
    if (plainGet) {
      expect(res.status).toBe(200);
      expect(res.body).toHaveProperty('data');
    } else {
      // A random id or an empty body may be refused (400/404/409/422): access is the point, not success.
      expect(res.status).toBeLessThan(500);
    }
  });
});
