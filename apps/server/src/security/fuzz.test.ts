import fc from 'fast-check';
import type { RouteSpec } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../test-support/fake-twilio';
import { createTestApp, type TestApp } from '../test-support/harness';
import { arbitraryFor, hostileString, toQueryString } from './contract-arbitraries';
import { contractRoutes, pathParamNames } from './route-table';
import { buildWorld, rowsOf, type World } from './world';

/**
 * Every route with a params, query or body schema, fed values made from that schema by fast-check:
 * the right shape with hostile contents (NUL, 100 000 characters, lone surrogates, markup, amounts
 * with three decimals, negative and huge numbers) and wrong shapes (nesting 2 000 deep, other
 * types). The server must never answer 5xx, and a refused request must leave every table as it was
 * and the ledger balanced (docs/product.md#ledger).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/**
 * Tables written after the answer, by event handlers (notifications) or the mail worker, and the
 * session a token touches: their counts may move between two requests that both failed.
 */
const ASYNC_TABLES = new Set(['sessions', 'mail_outbox', 'notifications', 'notification_counts', '__drizzle_migrations']);

let fakeTwilio: FakeTwilio;
let app: TestApp;
let world: World;
let countRows: () => Promise<Record<string, number>>;

beforeAll(async () => {
  fakeTwilio = await startFakeTwilio();
  // Limits raised so the fuzzer reaches every handler instead of a 429 (rate-limits.test.ts covers them).
  app = await createTestApp({ config: { rateLimitScale: 10_000, voice: { provider: 'twilio', twilio: fakeTwilio.config } } });
  // The app is driven by inject and does not listen: status callbacks for the calls the fuzzer
  // places go to a closed port and are noted as unreachable, as Twilio does.
  fakeTwilio.connectApp({ publicUrl: app.ctx.config.publicUrl, appUrl: 'http://127.0.0.1:9' });
  world = await buildWorld(app);
  const tables = rowsOf<{ name: string }>(
    await app.ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !ASYNC_TABLES.has(name));
  const query = sql.raw(`select ${tables.map((name) => `(select count(*)::int from "${name}") as "${name}"`).join(', ')}`);
  countRows = async () => rowsOf<Record<string, number>>(await app.ctx.db.execute(query))[0]!;
}, 120_000);
afterAll(async () => {
  await app.close();
  await fakeTwilio.close();
});

const fuzzed = contractRoutes().filter((route) => route.body || route.query || pathParamNames(route.path).length > 0);

const tokenFor = (route: RouteSpec) =>
  route.access === 'admin' ? world.admin.token : route.access === 'member' ? world.memberA.token : undefined;

/**
 * A path segment as a client would put it on the wire. A lone surrogate cannot be percent-encoded,
 * so it goes as the bytes of one (invalid UTF-8), which a hostile client can send.
 */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Raw segments no encoder makes: a lone '%', bad escapes, an encoded NUL or slash, dot segments. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%2F..%2F', '..', '%ED%A0%80', '%C0%AE%C0%AE'];

function pathOf(route: RouteSpec, params: Record<string, string>, raw: string | null) {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => raw ?? segment(params[name] ?? 'x'));
}

/** Path params: what the schema would make, or a hostile string, or one of A's real ids. */
function paramsArbitrary(route: RouteSpec): fc.Arbitrary<Record<string, string>> {
  const names = pathParamNames(route.path);
  const real = fc.constantFrom(...Object.values(world.ids));
  const plausible = route.params
    ? arbitraryFor(route.params, { ids: Object.values(world.ids) }).map((value) => (typeof value === 'object' && value ? value : {}))
    : fc.constant({});
  return fc
    .tuple(plausible, fc.array(fc.oneof(hostileString, real), { minLength: names.length, maxLength: names.length }))
    .map(([made, own]) =>
      Object.fromEntries(
        names.map((name, i) => {
          const value = (made as Record<string, unknown>)[name];
          return [name, typeof value === 'string' && value !== '' ? value : own[i] || 'x'];
        }),
      ),
    );
}

async function ledgerIsBalanced() {
  const res = await app.request('GET', '/api/admin/ledger/check', { token: world.admin.token });
  return res.body?.data;
}

describe.each(fuzzed.map((route) => ({ method: route.method, path: route.path, route })))('$method $path', ({ route }) => {
  it('never answers 5xx, and a refusal writes nothing', async () => {
    // Real ids (A's things, the model) where a uuid goes, so requests reach existing rows too.
    const hints = { ids: [...Object.values(world.ids), world.model.user.id] };
    const request = fc.record({
      params: paramsArbitrary(route),
      raw: fc.option(fc.constantFrom(...RAW_SEGMENTS), { freq: 4 }),
      query: route.query ? arbitraryFor(route.query, hints) : fc.constant(undefined),
      body: route.body ? arbitraryFor(route.body, hints) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ params, raw, query, body }) => {
        const url = `/api${pathOf(route, params, raw)}${query === undefined ? '' : toQueryString(query)}`;
        const before = await countRows();
        const token = tokenFor(route);
        const res = await app.app.inject({
          method: route.method,
          url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await countRows(), `${route.method} ${url} → ${res.statusCode}`).toEqual(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(await ledgerIsBalanced()).toMatchObject({ ok: true });
  });
});
