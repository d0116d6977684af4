import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('answers health when the database is reachable', async () => {
  const res = await app.request('GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe('ok');
  expect(res.body.data.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
});

it('answers unknown API routes with the error envelope', async () => {
  const res = await app.request('GET', '/api/nope');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'No route GET /api/nope.' });
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
  expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', msg: 'The request body is not valid JSON.' });
});
