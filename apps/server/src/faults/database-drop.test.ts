import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../test-support/harness';
import { logCapture } from '../test-support/log-capture';
import { expectSendsWholeAndOnce, paidWorld, sendUntilAnswered, sleep } from './support';

/**
 * Issue #13, "drop and restore the database connection": every connection the server holds to
 * PostgreSQL is cut by the database itself (pg_terminate_backend, what a failover or an operator's
 * restart does) in the middle of paid sends. Each request in flight fails whole with a 503 that
 * says to try again, the pool reconnects by itself, and a client's retry of the same send is charged
 * once (docs/product.md#idempotency). PostgreSQL only: PGlite lives in the process and has no
 * connection to lose.
 */
const PRICE = 1;
const FUNDS = 200;
const logs = logCapture();
let app: TestApp;
let admin: pg.Client;

beforeAll(async () => {
  app = await createTestApp({ logStream: logs.stream, config: { logLevel: 'info' } });
  // From outside the app's database (one cannot close the database one is connected to).
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
// Closing waits for every connection the pool handed out to come back: one lost to a cut (a
// transaction whose BEGIN met it, platform/pg-begin-guard.ts) made this wait forever.
afterAll(async () => {
  await admin.end();
  await app.close();
}, 15_000);

const databaseName = () => new URL(app.config.databaseUrl!).pathname.slice(1);

/** Cuts every connection to this test's database; answers how many it cut. */
async function cutConnections(): Promise<number> {
  const { rows } = await admin.query<{ cut: boolean }>(
    'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName()],
  );
  return rows.filter((row) => row.cut).length;
}

it('cutting the connections in the middle of paid sends loses nothing and charges nothing twice; retries succeed', async () => {
  const world = await paidWorld(app, { count: 6, price: PRICE, funds: FUNDS });
  const sent = new Map<string, string[]>();
  const failures: TestResponse[] = [];
  let sending = true;

  // Each member sends one message after another, as fast as the server answers, retrying a 503.
  const senders = world.members.map(async (member) => {
    const mine: string[] = [];
    sent.set(member.user.id, mine);
    while (sending) {
      const clientId = randomUUID();
      const body = { conversationId: member.conversationId, clientId, text: `Paid ${mine.length + 1}` };
      const res = await sendUntilAnswered(() => app.request('POST', '/api/messages', { token: member.token, body }), failures);
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      mine.push(clientId);
    }
  });

  // A cut can fall between two statements of every request; it is repeated until some requests met
  // it (usually the first or second time).
  let cuts = 0;
  let rounds = 0;
  while (rounds < 4 || (failures.length === 0 && rounds < 40)) {
    await sleep(200);
    cuts += await cutConnections();
    rounds += 1;
  }
  await sleep(300);
  sending = false;
  await Promise.all(senders);

  expect(cuts).toBeGreaterThan(0);
  // The cuts landed on requests in flight, and each was told plainly to try again.
  expect(failures.length).toBeGreaterThan(0);
  for (const failure of failures) {
    expect(failure.body).toEqual({
      code: 'UNAVAILABLE',
      msg: 'The service is briefly unavailable. Please try again in a moment.',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect(failure.headers['retry-after']).toBe('1');
  }
  const total = [...sent.values()].reduce((sum, ids) => sum + ids.length, 0);
  expect(total).toBeGreaterThan(world.members.length);
  console.info(
    `database cut ${cuts} connections in ${rounds} rounds: ${total} paid sends stored, ${failures.length} answers were 503 and retried`,
  );
  await expectSendsWholeAndOnce(app, world, sent, { price: PRICE, funds: FUNDS });

  // What the outage left in the logs: a warning naming the database, never a query, its values or a stack.
  const entries = logs.entries();
  expect(entries.filter((entry) => entry.msg === 'unhandled error' || entry.msg === 'request errored')).toEqual([]);
  const warnings = entries.filter((entry) => entry.msg === 'database unreachable, answered 503');
  expect(warnings.length).toBeGreaterThan(0);
  const told = logs.lines.filter((line) => /answered 503|idle database connection lost/.test(line)).join('\n');
  expect(told).not.toMatch(/Failed query|insert into|select |params:|\\n\s+at /i);
  expect(logs.lines.join('\n')).not.toContain(app.config.databaseUrl!);
});

it('while the database refuses connections every request and health answer 503 at once; they answer again as soon as it is back', async () => {
  const world = await paidWorld(app, { count: 1, price: PRICE, funds: FUNDS });
  const [member] = world.members;
  const database = databaseName();
  const send = (clientId: string) =>
    app.request('POST', '/api/messages', { token: member!.token, body: { conversationId: member!.conversationId, clientId, text: 'Hi' } });

  // The outage: no new connection is let in, and the ones the pool holds are cut.
  await admin.query(`alter database ${database} allow_connections false`);
  const outageStart = Date.now();
  try {
    await cutConnections();
    const health = await app.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ msg: 'The database is not reachable.', details: { database: 'down' } });
    const refused = await send(randomUUID());
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      code: 'UNAVAILABLE',
      msg: 'The service is briefly unavailable. Please try again in a moment.',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    const wallet = await app.request('GET', '/api/wallet', { token: member!.token });
    expect(wallet.status).toBe(503);
    expect(Date.now() - outageStart).toBeLessThan(3000);
  } finally {
    await admin.query(`alter database ${database} allow_connections true`);
  }

  // The way back: the pool opens new connections on the next requests, no restart needed.
  const backAt = Date.now();
  let firstOk = 0;
  const retried = randomUUID();
  for (let attempt = 0; attempt < 200 && !firstOk; attempt++) {
    const [health, sent] = [await app.request('GET', '/api/health'), await send(retried)];
    if (health.status === 200 && [200, 201].includes(sent.status)) firstOk = Date.now();
    else await sleep(10);
  }
  expect(firstOk).toBeGreaterThan(0);
  const recoveryMs = firstOk - backAt;
  console.info(`database back: health and paid sends answered again after ${recoveryMs} ms`);
  expect(recoveryMs).toBeLessThan(1000);
  await expectSendsWholeAndOnce(app, world, new Map([[member!.user.id, [retried]]]), { price: PRICE, funds: FUNDS });
});
