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
  payoutRateCents: 8,
  signupFreeTokens: 0,
  callRingSeconds: 30,
  legacySocketEvents: true,
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

it('takes the payout rate in whole US cents a token, 0 to 10,000, naming the field when it refuses', async () => {
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { payoutRateCents: 12 } });
  expect(res.status).toBe(200);
  expect(res.body.data.payoutRateCents).toBe(12);
  for (const [payoutRateCents, msg] of [
    [0.5, 'payoutRateCents: Payout rate must be a whole number of cents'],
    [-1, 'payoutRateCents: Payout rate cannot be negative'],
    [10_001, 'payoutRateCents: Payout rate must be at most 10,000 cents ($100.00) a token'],
    ['ten', 'payoutRateCents: Payout rate must be a number of cents'],
  ] as const) {
    const refused = await app.request('PUT', '/api/admin/settings', { token, body: { payoutRateCents } });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(msg);
    expect(refused.body.details.fields).toHaveProperty('payoutRateCents');
  }
  expect(await app.ctx.settings.get('payoutRateCents')).toBe(12);
  await app.request('PUT', '/api/admin/settings', { token, body: { payoutRateCents: 8 } });
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

it('takes the sign-up tokens in tokens (0 to 1,000) and the ring time in whole seconds (10 to 120)', async () => {
  const res = await app.request('PUT', '/api/admin/settings', { token, body: { signupFreeTokens: 2.5, callRingSeconds: 45 } });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ signupFreeTokens: 2.5, callRingSeconds: 45 });
  expect(await app.ctx.settings.get('signupFreeTokens')).toBe(250);
  const edges = await app.request('PUT', '/api/admin/settings', { token, body: { signupFreeTokens: 1000, callRingSeconds: 120 } });
  expect(edges.body.data).toMatchObject({ signupFreeTokens: 1000, callRingSeconds: 120 });
  expect((await app.request('PUT', '/api/admin/settings', { token, body: { callRingSeconds: 10 } })).status).toBe(200);
});

it('refuses sign-up tokens and ring times out of range, naming the field, and keeps what was there', async () => {
  await app.request('PUT', '/api/admin/settings', { token, body: { signupFreeTokens: 5, callRingSeconds: 40 } });
  const refusals: [Record<string, unknown>, string][] = [
    [{ signupFreeTokens: 1000.01 }, 'signupFreeTokens: Sign-up tokens must be at most 1,000.00 tokens'],
    [{ signupFreeTokens: -1 }, 'signupFreeTokens: Sign-up tokens cannot be negative'],
    [{ signupFreeTokens: 1.005 }, 'signupFreeTokens: Sign-up tokens has at most two decimals'],
    [{ signupFreeTokens: '5abc' }, 'signupFreeTokens: Sign-up tokens must be a number of tokens'],
    [{ callRingSeconds: 9 }, 'callRingSeconds: Ring time must be at least 10 seconds'],
    [{ callRingSeconds: 121 }, 'callRingSeconds: Ring time must be at most 120 seconds'],
    [{ callRingSeconds: 30.5 }, 'callRingSeconds: Ring time must be a whole number of seconds'],
    [{ callRingSeconds: '30' }, 'callRingSeconds: Ring time must be a number of seconds'],
    [{ legacySocketEvents: 'yes' }, 'legacySocketEvents: Legacy socket events must be on or off'],
    // Everything is checked before anything is written: the good field does not land either.
    [{ siteName: 'Half written', callRingSeconds: 0 }, 'callRingSeconds: Ring time must be at least 10 seconds'],
  ];
  for (const [body, msg] of refusals) {
    const res = await app.request('PUT', '/api/admin/settings', { token, body });
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.msg).toBe(msg);
    expect(res.body.details.fields).toHaveProperty(Object.keys(body).at(-1)!);
  }
  const now = (await app.request('GET', '/api/admin/settings', { token })).body.data;
  expect(now).toMatchObject({ signupFreeTokens: 5, callRingSeconds: 40 });
  expect(now.siteName).not.toBe('Half written');
});
