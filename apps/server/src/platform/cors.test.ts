import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createMember } from '../test-support/factories';

// Issue #26: pages of the sites CORS_ORIGINS lists may call the API and the sockets with
// credentials; every other origin gets no CORS header (docs/operations.md#cors).

vi.setConfig({ testTimeout: 60_000 });

const LISTED = 'http://localhost:5173';
const OTHER = 'https://evil.example';
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
];
const corsHeadersOf = (headers: Record<string, unknown>) => CORS_HEADERS.filter((name) => headers[name] !== undefined);

const preflight = (app: TestApp, origin: string, url = '/api/users/me') =>
  app.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
  });

describe('CORS_ORIGINS names an origin', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { corsOrigins: [LISTED, 'https://app.example.com'] } });
  });
  afterAll(() => app.close());

  it('a preflight from it answers 204 with the methods, the headers, credentials and a max-age', async () => {
    const res = await preflight(app, LISTED);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(String(res.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(['Authorization', 'Content-Type']);
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('its actual requests carry the headers, successes and errors alike', async () => {
    const { token } = await createMember(app);
    const ok = await app.request('GET', '/api/users/me', { token, headers: { origin: LISTED } });
    expect(ok.status).toBe(200);
    const unauthenticated = await app.request('GET', '/api/users/me', { headers: { origin: LISTED } });
    const missing = await app.request('GET', '/api/no-such-route', { headers: { origin: LISTED } });
    const invalid = await app.request('POST', '/api/auth/login', { body: { email: 'not an e-mail' }, headers: { origin: LISTED } });
    expect([unauthenticated.status, missing.status, invalid.status]).toEqual([401, 404, 422]);
    for (const res of [ok, unauthenticated, missing, invalid]) {
      expect(res.headers['access-control-allow-origin']).toBe(LISTED);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
      expect(String(res.headers.vary)).toMatch(/origin/i);
    }
  });

  it('an unlisted origin gets no CORS header, and its preflight is refused', async () => {
    const pre = await preflight(app, OTHER);
    expect(pre.statusCode).toBe(404);
    expect(corsHeadersOf(pre.headers)).toEqual([]);
    const res = await app.request('GET', '/api/no-such-route', { headers: { origin: OTHER } });
    expect(corsHeadersOf(res.headers)).toEqual([]);
    // A listed origin's look-alikes are other origins.
    for (const origin of [`${LISTED}/`, 'http://localhost:5174', 'http://app.example.com', 'null']) {
      expect(corsHeadersOf((await preflight(app, origin)).headers)).toEqual([]);
    }
  });

  it("Socket.IO's polling handshake answers a listed origin with credentials, an unlisted one with none", async () => {
    const { token } = await createMember(app);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const handshake = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling&token=${encodeURIComponent(token)}`, { headers: { origin } });

    const listed = await handshake(LISTED);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await listed.text()).toMatch(/^0\{"sid":/);

    const other = await handshake(OTHER);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('CORS_ORIGINS empty (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('no origin gets CORS headers: same origin stays the only one', async () => {
    expect(app.config.corsOrigins).toEqual([]);
    const pre = await preflight(app, LISTED);
    expect(pre.statusCode).toBe(404);
    expect(corsHeadersOf(pre.headers)).toEqual([]);
    const res = await app.request('GET', '/api/users/me', { headers: { origin: LISTED } });
    expect(res.status).toBe(401);
    expect(corsHeadersOf(res.headers)).toEqual([]);
  });
});

describe('CORS_ORIGINS is validated at start-up', () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-cors-')), JWT_SECRET: 'x'.repeat(40) });

  it('a comma list of origins is read, spaces and empty entries ignored', () => {
    const config = loadConfig({ ...base(), CORS_ORIGINS: ' http://localhost:5173, https://app.example.com ,' });
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://app.example.com']);
    expect(loadConfig({ ...base(), CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
  });

  it.each(['*', 'app.example.com', 'https://app.example.com/', 'https://app.example.com/path', 'ftp://files.example.com', 'null'])(
    'a bad value (%s) stops the server naming it',
    (value) => {
      expect(() => loadConfig({ ...base(), CORS_ORIGINS: `http://localhost:5173,${value}` })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base(), CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    },
  );
});
