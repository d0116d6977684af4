import { randomUUID } from 'node:crypto';
import { buildPath, type RouteSpec } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../test-support/fake-twilio';
import { createTestApp, type TestApp, type TestResponse } from '../test-support/harness';
import { contractRoutes, mountedRoutes, pathParamNames, routeKey } from './route-table';
import { buildWorld, tableDigests, type World } from './world';

/**
 * Who may touch what, for every route of the route table. Member A owns one thing of every kind
 * (some shared with the model she talks to); for each route and each caller — anonymous, member B,
 * the model, an administrator — the matrix says whether the caller gets in, and a refusal must show
 * none of A's data and change no row anywhere. Rows come from the contracts, and every route the
 * server mounts must be in them, so a new route cannot slip past (docs/product.md, roles).
 */

type Kind = keyof World['ids'] | 'username' | 'section' | 'any';
type Caller = 'anonymous' | 'memberB' | 'model' | 'admin';

/** Which of A's things (or the model's) a path's params name, by path. Every path with params must match one. */
const PARAM_KINDS: [RegExp, Kind][] = [
  [/^\/conversation\/:id/, 'conversation'],
  [/^\/messages\/:conversationId$/, 'conversation'],
  [/^\/messages\/bookmark\/:id$/, 'bookmark'],
  [/^\/messages\/:id$/, 'message'],
  [/^\/contact\/:id$/, 'contact'],
  [/^\/notifications\/read\/:id$/, 'notification'],
  [/^\/sell-item\/:id/, 'item'],
  [/^\/purchase-item\/:id/, 'purchase'],
  [/^\/masked-call\/[a-z]+\/:id$/, 'call'],
  [/^\/twilio\/[a-z-]+\/:callId$/, 'call'],
  [/^\/payment\/authorizenet\/customer-profile\/:id$/, 'card'],
  [/^\/invoice\/:id$/, 'invoice'],
  [/^\/media\/:id\//, 'media'],
  [/^\/files\/:id/, 'document'],
  [/^\/posts\/:id$/, 'post'],
  [/^\/users\/findByUsername\/:username$/, 'username'],
  [/^\/menus\/sections\/:section$/, 'section'],
  // Administrator routes refuse everyone else before reading the id: any well-formed id will do.
  [/^\/admin\//, 'any'],
];

/**
 * Who owns each kind, who shares it (the model is the other party of A's conversation and call), and
 * who may see it without owning it: they are told 403 when they try to change it, everyone else 404.
 */
const OWNERS: Partial<Record<Kind, { owner: 'memberA' | 'model' | 'admin'; sharedWith?: Caller[]; seenBy?: Caller[] }>> = {
  conversation: { owner: 'memberA', sharedWith: ['model'] },
  // The model reads A's message in their conversation, but only its sender may delete it.
  message: { owner: 'memberA', seenBy: ['model'] },
  bookmark: { owner: 'memberA' },
  contact: { owner: 'memberA' },
  notification: { owner: 'memberA' },
  // Items are on public sale; only a model may change items at all, and only her own.
  item: { owner: 'model', seenBy: ['anonymous', 'memberB', 'admin'] },
  purchase: { owner: 'memberA' },
  call: { owner: 'memberA', sharedWith: ['model'] },
  card: { owner: 'memberA' },
  // Invoices and media are "seen by their buyer and by administrators" (payments/invoices.service,
  // platform/media-access): an administrator answering a dispute reads them.
  invoice: { owner: 'memberA', sharedWith: ['admin'] },
  media: { owner: 'memberA', sharedWith: ['admin'] },
  document: { owner: 'model', sharedWith: ['admin'] },
  // A draft post: the public route hides it from everyone; administrators read it under /admin.
  post: { owner: 'admin' },
  payout: { owner: 'model' },
};

/** Public routes anyone may read, whoever owns what they show. */
const PUBLIC_READS = new Set(['GET /sell-item/:id/preview', 'GET /users/findByUsername/:username', 'GET /menus/sections/:section']);

const kindOf = (route: RouteSpec): Kind | undefined => PARAM_KINDS.find(([pattern]) => pattern.test(route.path))?.[1];

/** A PUT with a body a real client would send, so the refusal comes from the owner check, not the schema. */
const BODIES: Record<string, unknown> = { 'PUT /sell-item/:id': { name: 'Taken over', price: 1 } };

let fakeTwilio: FakeTwilio;
let app: TestApp;
let world: World;
let digests: Record<string, string>;
const routes = contractRoutes();

beforeAll(async () => {
  // The Twilio provider mounts its webhooks too, so every route of the table is in the matrix.
  fakeTwilio = await startFakeTwilio();
  app = await createTestApp({ config: { voice: { provider: 'twilio', twilio: fakeTwilio.config } } });
  world = await buildWorld(app);
});
afterAll(async () => {
  await app.close();
  await fakeTwilio.close();
});

function paramsFor(route: RouteSpec): Record<string, string> {
  const kind = kindOf(route);
  const names = pathParamNames(route.path);
  const value =
    kind === 'username'
      ? world.memberA.user.username
      : kind === 'section'
        ? 'footer'
        : kind === 'any' || kind === undefined
          ? randomUUID()
          : world.ids[kind];
  return Object.fromEntries(names.map((name) => [name, name === 'name' ? 'passport.pdf' : value]));
}

const urlOf = (route: RouteSpec) => `/api${buildPath(route.path, paramsFor(route))}`;

const tokenOf = (caller: Caller | 'memberA') => (caller === 'anonymous' ? undefined : world[caller].token);

const callAs = (caller: Caller | 'memberA', route: RouteSpec): Promise<TestResponse> =>
  app.request(route.method, urlOf(route), {
    token: tokenOf(caller),
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[`${route.method} ${route.path}`] ?? {}),
  });

/** A's private ids and words, as they would appear in an answer that leaked them. */
const privateMarks = (caller: Caller) => {
  const shared = new Set(
    Object.entries(OWNERS)
      .filter(([, rule]) => rule?.owner === caller || rule?.sharedWith?.includes(caller))
      .map(([kind]) => kind),
  );
  // The model sees her own conversation with A, so A's message (and its words) are hers to see too.
  if (caller === 'model') ['message', 'purchase'].forEach((kind) => shared.add(kind));
  const marks = Object.entries(world.ids)
    .filter(([kind]) => !shared.has(kind) && kind !== 'conversationB' && kind !== 'post' && kind !== 'item')
    .map(([, id]) => id);
  return caller === 'model' ? marks : [...marks, world.secret];
};

/** No private id or word of A's in the answer, but for those the caller sent in the URL itself. */
function expectNoLeak(res: TestResponse, caller: Caller, url = '') {
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  for (const mark of privateMarks(caller).filter((m) => !url.includes(m))) expect(text, `answer holds ${mark}`).not.toContain(mark);
}

describe('the route table', () => {
  it('is mounted by the server, route for route', () => {
    const unmounted = routes.filter((r) => !app.app.hasRoute({ method: r.method, url: `/api${r.path}`.replace(/\/$/, '') }));
    expect(unmounted.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('holds every API route the server mounts', () => {
    const known = new Set(routes.map((r) => routeKey(`${r.method} /api${r.path}`)));
    const mounted = mountedRoutes(app).filter((line) => /^\S+ \/api\//.test(line) && !/^\S+ \/api\/docs/.test(line));
    expect(mounted).toContain('GET /api/users/me');
    expect(mounted.filter((line) => !known.has(routeKey(line)))).toEqual([]);
  });

  it('names, for every path with params, whose thing the params point at', () => {
    const unnamed = routes.filter((r) => pathParamNames(r.path).length > 0 && kindOf(r) === undefined);
    expect(unnamed.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

const privateRoutes = routes.filter((r) => r.access !== 'public');
const paramRoutes = routes.filter((r) => pathParamNames(r.path).length > 0 && kindOf(r) !== 'any');
const ownedReads = paramRoutes.filter(
  (r) => r.method === 'GET' && OWNERS[kindOf(r)!] && kindOf(r) !== 'post' && !PUBLIC_READS.has(`${r.method} ${r.path}`),
);

describe('anonymous', () => {
  it.each(privateRoutes)('$method $path answers 401', async (route) => {
    const res = await callAs('anonymous', route);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.', message: 'Please sign in to continue.' });
  });
});

describe('the owner of each thing', () => {
  // Proves the matrix points at real things: a refusal below is about who asks, not a wrong id.
  it.each(ownedReads)('$method $path lets its owner read it', async (route) => {
    const rule = OWNERS[kindOf(route)!]!;
    const res = await callAs(rule.owner, route);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

/** Every caller but the owner, and those the thing is shared with, is refused on every path naming it. */
const strangerRows = (['anonymous', 'memberB', 'model', 'admin'] as const).flatMap((caller) =>
  paramRoutes
    .filter((route) => {
      const rule = OWNERS[kindOf(route)!];
      if (PUBLIC_READS.has(`${route.method} ${route.path}`)) return false;
      if (route.access !== 'public' && caller === 'anonymous') return false;
      return !rule || (rule.owner !== caller && !rule.sharedWith?.includes(caller));
    })
    .map((route) => ({ caller, method: route.method, path: route.path, route })),
);

describe('a caller who does not own the thing', () => {
  beforeAll(async () => {
    digests = await tableDigests(app);
  });

  it.each(strangerRows)('$caller: $method $path is refused, shows nothing and changes nothing', async ({ caller, route }) => {
    const res = await callAs(caller, route);
    if (route.access === 'member') {
      // "An id that belongs to someone else answers 404, as if it did not exist" (docs/product.md#roles);
      // who may see the thing already is told 403.
      const seen = OWNERS[kindOf(route)!]?.seenBy?.includes(caller);
      expect(res.status, JSON.stringify(res.body)).toBe(seen ? 403 : 404);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expectNoLeak(res, caller, urlOf(route));
    expect(await tableDigests(app)).toEqual(digests);
  });
});

describe("member B with A's ids in a body", () => {
  const abuses: { what: string; method: string; url: string; body: () => unknown; as?: 'memberB' | 'model' }[] = [
    {
      what: "writes into A's conversation",
      method: 'POST',
      url: '/api/messages',
      body: () => ({ conversationId: world.ids.conversation, clientId: randomUUID(), type: 'text', text: 'hi' }),
    },
    {
      what: "attaches A's photo to her own message",
      method: 'POST',
      url: '/api/messages',
      body: () => ({ conversationId: world.ids.conversationB, clientId: randomUUID(), type: 'photo', mediaId: world.ids.media }),
    },
    { what: "bookmarks A's message", method: 'POST', url: '/api/messages/bookmark', body: () => ({ messageId: world.ids.message }) },
    {
      what: "pays with A's saved card",
      method: 'POST',
      url: '/api/payment/transactions/request',
      body: () => ({ packageId: randomUUID(), idempotencyKey: randomUUID(), payment: { kind: 'saved', paymentMethodId: world.ids.card } }),
    },
    {
      what: "sells A's photo as her item (the model)",
      method: 'POST',
      url: '/api/sell-item',
      body: () => ({ mediaId: world.ids.media, name: 'Not mine', price: 5 }),
      as: 'model',
    },
  ];

  it.each(abuses)('$what: refused, nothing written', async ({ method, url, body, as }) => {
    const before = await tableDigests(app);
    const caller = as ?? 'memberB';
    const res = await app.request(method, url, { token: tokenOf(caller), body: body() });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectNoLeak(res, caller);
    expect(await tableDigests(app)).toEqual(before);
  });
});

describe('lists and searches', () => {
  const reads = routes.filter((r) => r.method === 'GET' && pathParamNames(r.path).length === 0 && r.access !== 'admin');
  const queries: Record<string, string> = {
    '/users/search': `?q=${'member'}`,
    '/users/search-friend': '?q=member',
    '/messages/bookmark/search': '?q=secret',
    '/sell-item/model': '', // filled with the model's id below
  };

  it.each((['memberB', 'model'] as const).flatMap((caller) => reads.map((route) => ({ caller, method: route.method, path: route.path }))))(
    "$caller: $method $path shows none of A's private things",
    async ({ caller, path }) => {
      const query = path === '/sell-item/model' ? `?modelId=${world.model.user.id}` : (queries[path] ?? '');
      const res = await app.request('GET', `/api${path}${query}`, { token: tokenOf(caller) });
      expect(res.status).toBeLessThan(500);
      expectNoLeak(res, caller);
    },
  );
});
