import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, latestCode, type TestApp } from '../../../test-support/harness';
import { createMember, TEST_PASSWORD } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('deactivates with the mailed code: sessions end, sign-in is refused, the member is hidden', async () => {
  const { user, token } = await createMember(app);
  const { token: viewer } = await createMember(app);
  const other = await app.ctx.sessions.issue({ userId: user.id, keepLogin: false });

  const otp = await app.request('POST', '/api/users/otp/', { token });
  expect(otp.status).toBe(200);
  expect(otp.body.data).toEqual({ ok: true, message: expect.stringMatching(/10 minutes/) });
  const verifyCode = await latestCode(app, user.email);

  const res = await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode } });
  expect(res.status).toBe(200);

  expect((await app.request('GET', '/api/users/me', { token })).status).toBe(401);
  expect((await app.request('GET', '/api/users/me', { token: other.token })).status).toBe(401);
  const login = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
  expect(login.status).toBe(403);
  expect(login.body.code).toBe('ACCOUNT_DEACTIVATED');
  expect((await app.request('GET', `/api/users/findByUsername/${user.username}`, { token: viewer })).status).toBe(404);
});

it('refuses a wrong code with INVALID_CODE and keeps the account', async () => {
  const { user, token } = await createMember(app);
  await app.request('POST', '/api/users/otp', { token });
  const right = await latestCode(app, user.email);
  const res = await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: right === '999999' ? '999998' : '999999' } });
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ code: 'INVALID_CODE', msg: 'That code is not right. 4 tries left.' });
  expect((await app.request('GET', '/api/users/me', { token })).status).toBe(200);
});

it('lets only the newest code work', async () => {
  const { user, token } = await createMember(app);
  await app.request('POST', '/api/users/otp/', { token });
  const old = await latestCode(app, user.email);
  await app.request('POST', '/api/users/otp/', { token });
  const fresh = await latestCode(app, user.email);
  if (old !== fresh) expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: old } })).status).toBe(422);
  expect((await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: fresh } })).status).toBe(200);
});

it('refuses a code without asking for one first', async () => {
  const { token } = await createMember(app);
  const res = await app.request('PUT', '/api/users/deactivate', { token, body: { verifyCode: '123456' } });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('INVALID_CODE');
});

it('limits account codes to five per ten minutes', async () => {
  const { token } = await createMember(app);
  for (let i = 0; i < 5; i++) expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
  const sixth = await app.request('POST', '/api/users/otp', { token });
  expect(sixth.status).toBe(429);
  expect(sixth.body.code).toBe('RATE_LIMITED');
});

it('names what the code confirms when asked for it: deactivation, or nothing in particular without a body', async () => {
  const { user, token } = await createMember(app);
  const mailed = async () => (await app.outbox()).filter((m) => m.to === user.email).at(-1)!.text;
  expect((await app.request('POST', '/api/users/otp/', { token, body: { purpose: 'deactivate' } })).status).toBe(200);
  expect(await mailed()).toContain('enter this code to confirm that you want to deactivate your account.');
  expect((await app.request('POST', '/api/users/otp/', { token })).status).toBe(200);
  expect(await mailed()).toContain('enter this code to confirm the change to your account.');
});

it('refuses a code request that says something else, with 422 naming the field and nothing mailed', async () => {
  const { user, token } = await createMember(app);
  for (const [body, field] of [
    [{ purpose: 'withdraw' }, 'purpose'],
    [{ purpose: 'payout', token: 1.234 }, 'token'],
    [{ purpose: 'payout', token: { $gt: 0 } }, 'token'],
    [{ purpose: 'pay\u0000out' }, 'purpose'],
  ] as const) {
    const res = await app.request('POST', '/api/users/otp/', { token, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toEqual([field]);
  }
  expect((await app.outbox()).filter((m) => m.to === user.email)).toEqual([]);
});
