import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const admin = await createAdmin(app);
  const put = await app.request('PUT', '/api/admin/settings', {
    token: admin.token,
    body: { footerContent: '<p>Hi</p>', contactEmail: 'boss@example.test', siteCommission: 30, minPayoutTokens: 50 },
  });
  expect(put.status).toBe(200);
});
afterAll(() => app.close());

it('answers the public keys asked for, to anyone', async () => {
  const res = await app.request('POST', '/api/system/configs/keys', { body: { keys: ['footerContent', 'footerScript', 'siteName'] } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { footerContent: '<p>Hi</p>', footerScript: '', siteName: 'Creator Chat' } });
});

it('answers the payout terms a creator reads before asking: the smallest payout in tokens, the rate in cents', async () => {
  const res = await app.request('POST', '/api/system/configs/keys', { body: { keys: ['minPayoutTokens', 'payoutRateCents'] } });
  expect(res.status).toBe(200);
  // 50 tokens as set above (5000 hundredths inside), and the default 8 cents a token.
  expect(res.body).toEqual({ data: { minPayoutTokens: 50, payoutRateCents: 8 } });
});

it('leaves out unknown and private keys instead of answering them', async () => {
  const res = await app.request('POST', '/api/system/configs/keys', {
    body: { keys: ['contactEmail', 'siteCommission', 'noSuchKey', 'constructor', '__proto__', 'footerContent'] },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { footerContent: '<p>Hi</p>' } });
  expect(JSON.stringify(res.body)).not.toContain('boss@example.test');
});

it('answers an empty object when nothing asked for is public', async () => {
  const res = await app.request('POST', '/api/system/configs/keys', { body: { keys: ['contactEmail'] } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: {} });
});

it('reads a single key sent as a string as a list of one', async () => {
  const res = await app.request('POST', '/api/system/configs/keys', { body: { keys: 'footerContent' } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { footerContent: '<p>Hi</p>' } });
});

it('refuses a bad body with 422 naming the field', async () => {
  for (const body of [{}, { keys: 42 }, { keys: [] }, { keys: [42] }]) {
    const res = await app.request('POST', '/api/system/configs/keys', { body });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.msg).toContain('keys');
  }
});
