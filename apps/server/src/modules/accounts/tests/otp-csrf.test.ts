import { buildPath, type RouteSpec } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { createMember } from '../../../test-support/factories';
import { contractRoutes } from '../../../security/route-table';

/**
 * A browser sends the session cookie with any GET, so a link or an <img> on another site could mail
 * a fresh code and retire the one a member is about to type. GET /users/otp/ signed in by the cookie
 * alone therefore only reports; with the bearer header (which only a client holding the token sends)
 * it mails the code, as the spec's clients expect; POST always needs the header
 * (docs/product.md#compatibility).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const mailsTo = async (email: string) => (await app.outbox()).filter((m) => m.to === email);
const cookie = (token: string) => ({ cookie: `accessToken=${token}` });

describe('GET /users/otp/ with the cookie alone changes nothing', () => {
  it('from a cross-site link (the cookie alone): no mail, and the pending code still works', async () => {
    const { user, token } = await createMember(app);
    expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
    const code = await latestCode(app, user.email);
    const sent = (await mailsTo(user.email)).length;

    for (const url of ['/api/users/otp/', '/api/users/otp']) {
      const res = await app.request('GET', url, { headers: cookie(token) });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ pending: true });
    }
    expect(await mailsTo(user.email)).toHaveLength(sent);
    // The code mailed before the link was followed was not replaced by a new one.
    expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: code } })).status).toBe(200);
  });

  it('reports whether a code waits and until when, and mails nothing', async () => {
    const { user, token } = await createMember(app);
    const before = await app.request('GET', '/api/users/otp/', { headers: cookie(token) });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      pending: false,
      expiresAt: null,
      message: 'No code is waiting. Ask for one with POST /users/otp/.',
      sent: false,
    });
    expect(await mailsTo(user.email)).toHaveLength(0);

    const askedAt = Date.now();
    expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
    const after = await app.request('GET', '/api/users/otp/', { headers: cookie(token) });
    expect(after.body.data.pending).toBe(true);
    const expiresIn = Date.parse(after.body.data.expiresAt) - askedAt;
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(after.body.data.message).toMatch(/^A code was sent to your e-mail address\. It is valid until /);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('reports no code once the pending one has no tries left', async () => {
    const { user, token } = await createMember(app);
    await app.request('POST', '/api/users/otp', { token });
    const right = await latestCode(app, user.email);
    const wrong = right === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: wrong } })).status).toBe(422);
    const status = await app.request('GET', '/api/users/otp/', { headers: cookie(token) });
    expect(status.body.data).toMatchObject({ pending: false, expiresAt: null });
  });
});

describe('POST /users/otp/ sends the code', () => {
  it('with the bearer header: one mail, and the code it carries deactivates the account', async () => {
    const { user, token } = await createMember(app);
    const res = await app.request('POST', '/api/users/otp/', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ok: true, message: 'We sent a 6-digit code to your e-mail address. It is valid for 10 minutes.' });
    expect(await mailsTo(user.email)).toHaveLength(1);
    const verifyCode = await latestCode(app, user.email);
    expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode } })).status).toBe(200);
  });

  it('with the cookie alone (a cross-site form): 401 and no mail', async () => {
    const { user, token } = await createMember(app);
    for (const url of ['/api/users/otp/', '/api/users/otp']) {
      const res = await app.request('POST', url, { headers: cookie(token) });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('keeps the limit of five codes per ten minutes', async () => {
    const { token } = await createMember(app);
    for (let i = 0; i < 5; i++) expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
    const sixth = await app.request('POST', '/api/users/otp/', { token });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    // Reading the status (the cookie alone) is not asking for a code: it still answers.
    expect((await app.request('GET', '/api/users/otp/', { headers: cookie(token) })).status).toBe(200);
  });
});

/** Every signed-in route of the contracts' route table that is not a GET: the ones that change state. */
const writeRoutes = (): RouteSpec[] => contractRoutes().filter((route) => route.method !== 'GET' && route.access !== 'public');

describe('no route that changes state takes the cookie alone', () => {
  const routes = writeRoutes();
  const someId = '00000000-0000-4000-8000-000000000000';
  let token = '';
  beforeAll(async () => {
    token = (await createMember(app)).token;
  });

  it('covers the signed-in write routes of the table', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /users/otp/');
  });

  it.each(routes.map((r) => [r.method, r.path, r] as const))('%s %s answers 401 to the cookie alone', async (method, path, route) => {
    const params = Object.fromEntries([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, someId]));
    const res = await app.request(method, `/api${buildPath(route.path, params)}`, { headers: cookie(token), body: {} });
    expect(res.status).toBe(401);
  });
});
