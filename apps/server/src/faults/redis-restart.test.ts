import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { call, eventually, openSocket, recorder, type Client } from '../test-support/cluster-client';
import { createMember, createModel } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { ownRedis } from './redis-server';
import { logCapture } from '../test-support/log-capture';

/**
 * Issue #13, "stop and restart Redis": two nodes on one database and one Redis of the test's own,
 * which is killed (SIGKILL, nothing saved) while members chat across the nodes, then started again
 * empty. Health names Redis at once; sends go on, still within their rate limits; sockets stay up and carry
 * events between the nodes again once Redis is back, each told to fetch again what events it may have
 * missed ('link:resync'); nothing sent is lost.
 */
let redis: Awaited<ReturnType<typeof ownRedis>>;
let nodeA: TestApp;
let nodeB: App;
let urlA: string;
let urlB: string;
const logs = logCapture();
const sockets: Client[] = [];

beforeAll(async () => {
  redis = await ownRedis();
  nodeA = await createTestApp({ config: { redisUrl: redis.url, logLevel: 'info', rateLimitScale: 0.05 }, logStream: logs.stream });
  nodeB = await buildApp(nodeA.config, { startJobs: false, logStream: logs.stream });
  await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  urlA = `http://127.0.0.1:${(nodeA.app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(nodeB.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nodeB?.close();
  await nodeA?.close();
  await redis?.kill();
});

/** Sends per member per minute here: 120 scaled by RATE_LIMIT_SCALE 0.05 (messages.routes.ts). */
const SEND_LIMIT = 6;

it('Redis killed mid-chat: health names it at once, sends go on within their limits, sockets stay up and carry events again once it is back', async () => {
  const fan = await createMember(nodeA, { name: 'Fan' });
  const model = await createModel(nodeA, { name: 'Model', tokenPerMessage: 0 });
  // The fan's tab is on node B, the model's on node A: what one sends reaches the other through Redis.
  const fanSocket = await openSocket(urlB, fan.token, { reconnect: true });
  const modelSocket = await openSocket(urlA, model.token, { reconnect: true });
  sockets.push(fanSocket, modelSocket);
  const fanHears = recorder(fanSocket);
  const modelHears = recorder(modelSocket);
  const heardIds = () => fanHears.payloads('message:created').map((p) => p.message._id as string);
  const conversationId = (await call(urlA, 'POST', '/api/conversation', { token: fan.token, body: { userId: model.user.id } })).body.data
    ._id as string;
  const sendAs = (url: string, token: string, text: string) =>
    call(url, 'POST', '/api/messages', { token, body: { conversationId, clientId: randomUUID(), text } });

  const before = await sendAs(urlA, model.token, 'Before');
  expect(before.status).toBe(201);
  await eventually(() => expect(heardIds()).toContain(before.body.data._id));

  await redis.kill();
  const killedAt = Date.now();

  // Both nodes tell a load balancer the truth, within the probe's bound.
  for (const url of [urlA, urlB]) {
    const started = Date.now();
    const health = await call(url, 'GET', '/api/health');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      code: 'UNAVAILABLE',
      msg: 'Redis is not reachable.',
      message: 'Redis is not reachable.',
      details: { database: 'ok', redis: 'down' },
    });
  }

  // Sending needs the database only: the model's messages are stored, each once.
  const during: string[] = [];
  for (const text of ['During 1', 'During 2', 'During 3']) {
    const sent = await sendAs(urlA, model.token, text);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    during.push(sent.body.data._id as string);
  }
  // The limits still hold, counted by each node meanwhile (platform/rate-limit-store.ts).
  const fanAnswers: number[] = [];
  for (let i = 0; i <= SEND_LIMIT; i++) fanAnswers.push((await sendAs(urlB, fan.token, `Fan ${i}`)).status);
  expect(fanAnswers).toEqual([...Array<number>(SEND_LIMIT).fill(201), 429]);
  expect(fanSocket.connected && modelSocket.connected).toBe(true);
  const outageMs = Date.now() - killedAt;

  expect(fanHears.payloads('link:resync')).toEqual([]);
  await redis.start();
  const restartedAt = Date.now();
  const restartedPerf = performance.now();
  await eventually(async () => expect((await call(urlA, 'GET', '/api/health')).status).toBe(200), 20_000, 20);
  await eventually(async () => expect((await call(urlB, 'GET', '/api/health')).status).toBe(200), 20_000, 20);
  const healthyMs = Date.now() - restartedAt;

  // Events cross between the nodes again, on the sockets that stayed open.
  const after = await sendAs(urlA, model.token, 'After');
  expect(after.status).toBe(201);
  await eventually(() => expect(heardIds()).toContain(after.body.data._id), 10_000);
  const liveMs = Date.now() - restartedAt;

  // Those open sockets never reconnected, so nothing would make their pages fetch what crossed no
  // node meanwhile: each is told to, once per node that recovered (its own and the other).
  for (const hears of [fanHears, modelHears]) {
    await eventually(() => expect(hears.payloads('link:resync')).toContainEqual({ reason: 'fan-out-restored' }), 10_000);
    expect(hears.of('link:resync').length).toBeLessThanOrEqual(2);
    expect(hears.of('link:resync').every((heard) => heard.at >= restartedPerf)).toBe(true);
  }

  // Nothing was lost: the conversation holds every message once, those sent during the outage included.
  const page = await call(urlB, 'GET', `/api/messages/${conversationId}?limit=50`, { token: fan.token });
  expect(page.status).toBe(200);
  const stored = page.body.data.items.map((m: { _id: string }) => m._id);
  expect(stored).toEqual(expect.arrayContaining([before.body.data._id, ...during, after.body.data._id]));
  expect(stored).toHaveLength(1 + during.length + SEND_LIMIT + 1);
  expect(new Set(stored).size).toBe(stored.length);

  // Each node said once that Redis was lost and once that it was back; no request failed with a 500.
  const said = (msg: string) => logs.entries().filter((entry) => entry.msg === msg);
  expect(said('redis unreachable; reconnecting')).toHaveLength(2);
  expect(said('redis reachable again').map((entry) => entry.downMs)).toEqual([expect.any(Number), expect.any(Number)]);
  expect(said('unhandled error')).toEqual([]);
  console.info(
    `[faults] Redis killed for ${outageMs} ms: both nodes healthy ${healthyMs} ms after it restarted, live events across nodes ${liveMs} ms; ` +
      `${during.filter((id) => heardIds().includes(id)).length}/${during.length} outage messages reached the other node's open socket live (the rest by the conversation read)`,
  );
});
