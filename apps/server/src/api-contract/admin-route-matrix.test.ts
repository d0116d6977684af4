import { buildPath, type RouteSpec } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createAdmin, createMember, createModel } from '../test-support/factories';
import { contractRoutes, mountedRoutes, pathParamNames, routeKey } from '../security/route-table';

/**
 * The authorization matrix of every administrator route: anonymous → 401, member and model → 403,
 * administrator → let through. Rows come from the contracts' route table, not a hand-written list,
 * so a new admin route is covered the day it is added; and every route the server mounts under
 * /api/admin must be in that table, so one mounted beside it cannot slip through either.
 */

const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.', message: 'Please sign in to continue.' };
const FORBIDDEN = { code: 'FORBIDDEN', msg: 'Only administrators can do that.', message: 'Only administrators can do that.' };

/**
 * Path params the route's schema accepts, so the guard is reached with a well-formed URL: a UUID
 * (every id today), else a number or a word for a schema that wants one.
 */
function wellFormedParams(route: RouteSpec): Record<string, string> {
  const names = pathParamNames(route.path);
  const attempts = ['00000000-0000-4000-8000-000000000000', '1', 'x'].map((value) => Object.fromEntries(names.map((n) => [n, value])));
  return attempts.find((params) => !route.params || route.params.safeParse(params).success) ?? attempts[0]!;
}

const allRoutes = contractRoutes();
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
    const mounted = mountedRoutes(app);
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
