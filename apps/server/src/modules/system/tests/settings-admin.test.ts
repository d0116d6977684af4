import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

/** The defaults as an administrator reads them: the minimum payout in tokens, the commission a percent. */
const DEFAULTS = {
  siteName: 'Creator Chat',
  siteFavicon: '',
  footerContent: '',
  footerScript: '',
  contactEmail: '',
  siteCommission: 20,
  minPayoutTokens: 100,
};

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
});
afterAll(() => app.close());

it('shows every setting to an administrator, defaults first', async () => {
  const res = await app.request('GET', '/api/admin/settings', { token });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: DEFAULTS });
});

it('changes only the settings named, and answers them all', async () => {
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { siteCommission: 35, contactEmail: 'desk@example.test' } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ data: { ...DEFAULTS, siteCommission: 35, contactEmail: 'desk@example.test' } });

  const again = await app.request('PUT', '/api/admin/settings', { token, body: { siteName: '  Trimmed  ' } });
  expect(again.body.data).toEqual({ ...DEFAULTS, siteCommission: 35, contactEmail: 'desk@example.test', siteName: 'Trimmed' });
  expect((await app.request('GET', '/api/admin/settings', { token })).body).toEqual(again.body);
});

it('takes the minimum payout in tokens and keeps it in hundredths inside', async () => {
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { minPayoutTokens: 12.5 } });
  expect(res.status).toBe(200);
  expect(res.body.data.minPayoutTokens).toBe(12.5);
  expect(await app.ctx.settings.get('minPayoutTokens')).toBe(1250);
  expect((await app.request('GET', '/api/admin/settings', { token })).body.data.minPayoutTokens).toBe(12.5);
});

it('refuses a minimum payout with more than two decimals, or negative, naming the field', async () => {
  const decimals = await app.request('PUT', '/api/admin/settings', { token, body: { minPayoutTokens: 12.345 } });
  expect(decimals.status).toBe(422);
  expect(decimals.body.msg).toBe('minPayoutTokens: Minimum payout has at most two decimals');
  expect(decimals.body.details.fields).toHaveProperty('minPayoutTokens');
  const negative = await app.request('PUT', '/api/admin/settings', { token, body: { minPayoutTokens: -1 } });
  expect(negative.status).toBe(422);
  expect(negative.body.msg).toBe('minPayoutTokens: Minimum payout cannot be negative');
  expect(await app.ctx.settings.get('minPayoutTokens')).toBe(1250);
});
