import net from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../platform/errors';
import type { Database } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test-support/harness';
import { registerHealthRoutes } from './health.routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('answers health with each dependency when all are reachable', async () => {
  const res = await app.request('GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({
    status: 'ok',
    database: 'ok',
    databaseKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    redis: process.env.REDIS_URL ? 'ok' : 'not configured',
  });
  // A proxy must not answer the next probe from a cache.
  expect(res.headers['cache-control']).toBe('no-store');
});

describe('when a dependency is unreachable', () => {
  /** A TCP port that takes connections and never answers: a database or Redis behind a dead network path. */
  let silent: net.Server;
  let silentPort: number;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    held.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers 503 naming the database once it is gone', async () => {
    // A database of its own (not one lent from the pool, test-support/pglite-pool.ts), to close.
    const lost = await createTestApp({ build: { pgliteDir: 'memory://' } });
    try {
      await lost.ctx.database.close();
      const res = await lost.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'UNAVAILABLE',
        msg: 'The database is not reachable.',
        message: 'The database is not reachable.',
        details: { database: 'down', redis: process.env.REDIS_URL ? 'ok' : 'not configured' },
      });
    } finally {
      await lost.close().catch(() => undefined);
    }
  }, 60_000);

  it('answers 503 within its bound when the database never answers, instead of hanging the probe', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${silentPort}/none` });
    const database: Database = {
      db: undefined as never,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(server);
    await server.register(async (api) => registerHealthRoutes(api, { database }), { prefix: '/api' });
    try {
      const started = Date.now();
      const res = await server.inject({ method: 'GET', url: '/api/health' });
      const took = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', msg: 'The database is not reachable.', details: { database: 'down' } });
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(3000);
    } finally {
      await server.close();
      held.forEach((socket) => socket.destroy());
      await pool.end().catch(() => undefined);
    }
  });

  it('answers 503 naming Redis at once when its Redis cannot be reached, while the rest of the API works', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const noRedis = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${closedPort}` } });
    try {
      const started = Date.now();
      const res = await noRedis.request('GET', '/api/health');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: 'UNAVAILABLE',
        msg: 'Redis is not reachable.',
        message: 'Redis is not reachable.',
        details: { database: 'ok', redis: 'down' },
      });
      // The database-only parts still answer.
      const docs = await noRedis.request('GET', '/api/docs/json');
      expect(docs.status).toBe(200);
    } finally {
      await noRedis.close();
    }
  }, 60_000);
});

it('answers unknown API routes with the error envelope', async () => {
  const res = await app.request('GET', '/api/nope');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'No route GET /api/nope.', message: 'No route GET /api/nope.' });
});

it('serves the OpenAPI document', async () => {
  const res = await app.request('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toMatch(/^3\./);
  expect(Object.keys(res.body.paths)).toContain('/api/health');
});

it('treats a JSON request with an empty body as having no body', async () => {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(401); // reached the route (which wants a signed-in member), not a parse error
});

it('answers malformed JSON with a clear 422', async () => {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    msg: 'The request body is not valid JSON.',
    message: 'The request body is not valid JSON.',
  });
});
