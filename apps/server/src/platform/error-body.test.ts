import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';
import { PERMISSIONS_POLICY } from './security-headers';

// Issue #26: every error body carries `message` beside `msg` (the xChat client reads `message`),
// and every page and API answer says which powerful browser features the site uses (docs/product.md, "On the wire").

let app: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'cc-web-policy-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body>app</body></html>');
  // Every rate-limited route allows one request, so the second answers 429.
  app = await createTestApp({ config: { webDist, rateLimitScale: 0.001 } });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const expectErrorBody = (body: { msg?: unknown; message?: unknown }, code: string) => {
  expect(errorBodySchema.parse(body)).toMatchObject({ code });
  expect(typeof body.msg).toBe('string');
  expect(body.message).toBe(body.msg);
};

describe('error bodies carry `message`, the same text as `msg`', () => {
  it('401, 404 (no route), 422 (invalid input and invalid JSON), 413 and 429', async () => {
    const unauthenticated = await app.request('GET', '/api/users/me');
    expect(unauthenticated.status).toBe(401);
    expectErrorBody(unauthenticated.body, 'UNAUTHENTICATED');

    const noRoute = await app.request('GET', '/api/no-such-route');
    expect(noRoute.status).toBe(404);
    expectErrorBody(noRoute.body, 'NOT_FOUND');
    expect(noRoute.body.message).toBe('No route GET /api/no-such-route.');

    const invalid = await app.request('POST', '/api/auth/login', { body: { email: 'not an e-mail' } });
    expect(invalid.status).toBe(422);
    expectErrorBody(invalid.body, 'VALIDATION_FAILED');
    expect(invalid.body.details.fields).toHaveProperty('email');

    const badJson = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(422);
    expectErrorBody(badJson.json(), 'VALIDATION_FAILED');

    const tooLarge = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectErrorBody(tooLarge.json(), 'PAYLOAD_TOO_LARGE');

    await app.request('GET', '/api/users/search');
    const limited = await app.request('GET', '/api/users/search');
    expect(limited.status).toBe(429);
    expectErrorBody(limited.body, 'RATE_LIMITED');
  });
});

describe('Permissions-Policy', () => {
  it('is a valid header: the microphone for our own origin, the camera, geolocation and the rest off', () => {
    const entries = PERMISSIONS_POLICY.split(', ');
    // A structured-field dictionary: feature=(allow list), each allow list empty or `self`.
    for (const entry of entries) expect(entry).toMatch(/^[a-z-]+=\((self)?\)$/);
    expect(entries).toContain('microphone=(self)');
    for (const off of ['camera', 'geolocation', 'payment', 'usb']) expect(entries).toContain(`${off}=()`);
  });

  it.each(['/', '/login', '/api/health', '/api/users/me', '/api/no-such-route'])('is sent with %s', async (url) => {
    const res = await app.app.inject({ method: 'GET', url });
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});
