import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

/**
 * GET /users/otp/ is how the spec's clients ask for the account code (payouts and deactivation need
 * it). With the bearer header it mails the code; with the cookie alone it only reports
 * (docs/product.md#compatibility). One cap per account holds for every route that mails the code.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const mailsTo = async (email: string) => (await app.outbox()).filter((m) => m.to === email);
const cookie = (token: string) => ({ cookie: `accessToken=${token}` });

describe('GET /users/otp/ with the bearer header', () => {
  it('mails a code, answers the status it created, and the code deactivates the account', async () => {
    const { user, token } = await createMember(app);
    const res = await app.request('GET', '/api/users/otp/', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      pending: true,
      expiresAt: expect.any(String),
      sent: true,
      message: 'We sent a 6-digit code to your e-mail address. It is valid for 10 minutes.',
    });
    expect(await mailsTo(user.email)).toHaveLength(1);
    const verifyCode = await latestCode(app, user.email);
    expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode } })).status).toBe(200);
  });

  it('gives a model the code a payout request asks for', async () => {
    const { user, token } = await createModel(app);
    expect((await app.request('GET', '/api/users/otp', { token })).status).toBe(200);
    expect(await latestCode(app, user.email)).toMatch(/^\d{6}$/);
  });

  it('replaces the previous code: only the newest one works', async () => {
    const { user, token } = await createMember(app);
    await app.request('GET', '/api/users/otp/', { token });
    const first = await latestCode(app, user.email);
    await app.request('GET', '/api/users/otp/', { token });
    const second = await latestCode(app, user.email);
    if (first !== second) {
      expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: first } })).status).toBe(422);
    }
    expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: second } })).status).toBe(200);
  });

  it('answers 401 without a session, and a bad bearer is not rescued by the cookie', async () => {
    const { user, token } = await createMember(app);
    expect((await app.request('GET', '/api/users/otp/')).status).toBe(401);
    const res = await app.request('GET', '/api/users/otp/', { headers: { authorization: 'Bearer not-a-token', ...cookie(token) } });
    expect(res.status).toBe(401);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });
});

describe('one cap for every route that mails the account code', () => {
  it('counts codes mailed by GET and POST together: five per ten minutes, then 429 on both', async () => {
    const { user, token } = await createMember(app);
    for (let i = 0; i < 3; i++) expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await app.request('GET', '/api/users/otp/', { token })).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(5);

    const get = await app.request('GET', '/api/users/otp/', { token });
    expect(get.status).toBe(429);
    expect(get.body.code).toBe('RATE_LIMITED');
    const post = await app.request('POST', '/api/users/otp/', { token });
    expect(post.status).toBe(429);
    expect(await mailsTo(user.email)).toHaveLength(5);
    // The status (the cookie alone) still answers, and says a code waits.
    const status = await app.request('GET', '/api/users/otp/', { headers: cookie(token) });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ pending: true, sent: false });
  });

  it('counts the confirmation code mailed at sign-up with the resends: five an hour in all', async () => {
    const email = `cap-${Date.now()}@example.test`;
    const reg = await app.request('POST', '/api/auth/register', {
      body: { username: `cap_${Date.now() % 1e8}`, email, password: 'Corr3ct-Horse!', type: 'user' },
    });
    expect(reg.status).toBe(201);
    // The resend route has its own per-address limit (3 per 10 minutes); each address counts once here.
    for (let i = 0; i < 6; i++) {
      const remoteAddress = `203.0.113.${i + 10}`;
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/verify/resend', payload: { email }, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(email)).toHaveLength(5);
  });
});
