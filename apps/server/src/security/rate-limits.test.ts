import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, createModel, TEST_PASSWORD } from '../test-support/factories';
import { createTestApp, type TestApp, type TestResponse } from '../test-support/harness';
import { contractRoutes, sendUpload } from './route-table';

/**
 * Every costly route has a rate limit: sign-in and codes (guessable secrets), mail senders, uploads,
 * purchases, sends and searches. A code typed into another form (deactivation, payout) needs none of
 * its own: each code takes a few wrong tries and then is dead, and sending codes is limited. RATE_LIMIT_SCALE shrinks every limit to one request per window, so
 * each route is shown to refuse its second call with 429 and a Retry-After — whatever its real
 * number is (docs/architecture.md, rate limits).
 */

type Caller = 'anonymous' | 'member' | 'model' | 'admin';
type Costly = { method: string; path: string; why: string; as: Caller; body?: unknown; upload?: true };

const email = () => `rl-${randomUUID().slice(0, 8)}@example.test`;

const COSTLY: Costly[] = [
  // Guessable secrets and mail: keyed on the address and the e-mail, so bodies must be valid.
  { method: 'POST', path: '/auth/login', why: 'password guessing', as: 'anonymous', body: { email: email(), password: 'Wrong-passw0rd' } },
  {
    method: 'POST',
    path: '/auth/register',
    why: 'account and mail spam',
    as: 'anonymous',
    body: { name: 'Rate Limit', username: 'rate_limit_1', email: email(), password: TEST_PASSWORD },
  },
  { method: 'POST', path: '/auth/verify/code', why: 'code guessing', as: 'anonymous', body: { email: email(), verifyCode: '123456' } },
  { method: 'POST', path: '/auth/verify/resend', why: 'mail spam', as: 'anonymous', body: { email: email() } },
  { method: 'POST', path: '/auth/forgot', why: 'mail spam', as: 'anonymous', body: { email: email() } },
  { method: 'POST', path: '/auth/reset', why: 'token guessing', as: 'anonymous', body: { token: 'x'.repeat(40), password: TEST_PASSWORD } },
  { method: 'POST', path: '/users/otp/', why: 'one-time codes by mail', as: 'member' },
  {
    method: 'POST',
    path: '/users/updatePassword',
    why: 'password guessing',
    as: 'member',
    body: { currentPassword: 'Wrong-passw0rd', newPassword: 'An0ther!Passw0rd' },
  },
  {
    method: 'POST',
    path: '/contact-us',
    why: 'mail to the administrators',
    as: 'anonymous',
    body: { name: 'Visitor', email: email(), message: 'Hello there, a question.' },
  },
  { method: 'POST', path: '/newsletter/invite', why: 'mail to strangers', as: 'member', body: { email: email() } },
  // Money.
  { method: 'POST', path: '/purchase-item', why: 'purchases', as: 'member', body: { sellItemId: randomUUID() } },
  { method: 'POST', path: '/payment/transactions/request', why: 'card charges', as: 'member', body: {} },
  { method: 'POST', path: '/payment/authorizenet/customer-profile', why: 'card checks', as: 'member', body: {} },
  { method: 'POST', path: '/payment/sandbox/tokenize', why: 'card numbers', as: 'anonymous', body: {} },
  // Sends that reach other people.
  { method: 'POST', path: '/messages', why: 'paid sends', as: 'member', body: { conversationId: randomUUID(), type: 'text', text: 'hi' } },
  { method: 'POST', path: '/share-love/create', why: 'tips', as: 'member', body: { modelId: randomUUID(), token: 1 } },
  { method: 'POST', path: '/masked-call/initiate', why: 'paid calls', as: 'member', body: { modelId: randomUUID() } },
  { method: 'POST', path: '/contact', why: 'contact requests', as: 'member', body: { userId: randomUUID() } },
  // Searches: a LIKE over every member.
  { method: 'GET', path: '/users/search?q=mem', why: 'directory search', as: 'anonymous' },
  { method: 'GET', path: '/users/search-friend?q=mem', why: 'friend search', as: 'member' },
  { method: 'GET', path: '/messages/bookmark/search?q=hi', why: 'bookmark search', as: 'member' },
];

/** Routes a rule below would call costly that are not: machine callbacks and a read of public settings. */
const NOT_COSTLY = new Map([
  ['POST /twilio/voice', "Twilio's signed callback; a limit would drop real calls"],
  ['POST /twilio/call-status/:callId', "Twilio's signed callback"],
  ['POST /twilio/conference/:callId', "Twilio's signed callback"],
  ['POST /payment/authorizenet/webhook', "Authorize.Net's signed callback"],
  ['POST /system/configs/keys', 'a read of public settings'],
]);

const uploadRoutes = contractRoutes().filter((route) => route.upload);
const uploadRows: Costly[] = uploadRoutes.map((route) => ({
  method: route.method,
  path: route.path,
  why: 'upload',
  as:
    route.access === 'admin' ? 'admin' : route.access === 'member' ? (route.path === '/users/document' ? 'model' : 'member') : 'anonymous',
  upload: true,
}));

let app: TestApp;
let tokens: Record<Caller, string | undefined>;
let png: Buffer;
beforeAll(async () => {
  // Every limit becomes one request per window: the second call must be refused.
  app = await createTestApp({ config: { rateLimitScale: 0.000001 } });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  tokens = {
    anonymous: undefined,
    member: (await createMember(app)).token,
    model: (await createModel(app)).token,
    admin: (await createAdmin(app)).token,
  };
});
afterAll(() => app.close());

async function call(row: Costly): Promise<TestResponse> {
  const token = tokens[row.as];
  const url = `/api${row.path}`;
  if (row.upload) return sendUpload(app, row.method, url, { name: 'p.png', type: 'image/png', content: png }, { token });
  return app.request(row.method, url, { token, body: row.body });
}

describe('the list of costly routes', () => {
  it('names every upload route and every public POST except signed callbacks', () => {
    const listed = new Set([...COSTLY, ...uploadRows].map((row) => `${row.method} ${row.path.replace(/\?.*$/, '')}`));
    const missing = contractRoutes()
      .filter((route) => route.upload || (route.access === 'public' && route.method === 'POST'))
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !listed.has(key) && !NOT_COSTLY.has(key));
    expect(missing).toEqual([]);
  });

  it('names only routes the server mounts', () => {
    const unmounted = COSTLY.filter(
      (row) => !app.app.hasRoute({ method: row.method as 'GET', url: `/api${row.path.replace(/\?.*$/, '').replace(/\/$/, '')}` }),
    );
    expect(unmounted).toEqual([]);
  });
});

describe.each([...COSTLY, ...uploadRows])('$method $path ($why)', (row) => {
  it('answers 429 with Retry-After once its limit is used up', async () => {
    const first = await call(row);
    expect(first.status).not.toBe(429);
    expect(first.status).toBeLessThan(500);
    const second = await call(row);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });
});
