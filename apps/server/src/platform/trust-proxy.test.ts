import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createMember, TEST_PASSWORD } from '../test-support/factories';

// Issue #13, finding 1: X-Forwarded-For is believed only from configured proxies, and guesses
// against one account slow down whatever address they come from (docs/operations.md#limits).

// Each registration hashes a password with argon2id: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const fromAddress = (address: string) => ({ 'x-forwarded-for': address });
const registration = (n: number) => ({
  name: `Rotating ${n}`,
  username: `rotating_${n}_${Date.now() % 100000}`,
  email: `rotating-${n}-${Date.now()}@example.test`,
  password: TEST_PASSWORD,
});

describe('TRUST_PROXY unset: the socket address is the client', () => {
  it('rotating X-Forwarded-For does not buy more registrations', async () => {
    app = await createTestApp({ config: { rateLimitScale: 1, trustProxy: false } });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await app.request('POST', '/api/auth/register', { body: registration(n), headers: fromAddress(`203.0.113.${n + 1}`) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201 || status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('TRUST_PROXY names the proxy', () => {
  it('the address the proxy forwards is the client: two clients behind it have their own limits', async () => {
    // Requests injected by the test come from 127.0.0.1, the proxy here.
    app = await createTestApp({ config: { rateLimitScale: 1, trustProxy: ['127.0.0.1'] } });
    for (let n = 0; n < 10; n++) {
      const res = await app.request('POST', '/api/auth/register', { body: registration(n), headers: fromAddress('203.0.113.7') });
      expect([200, 201]).toContain(res.status);
    }
    const sameClient = await app.request('POST', '/api/auth/register', { body: registration(10), headers: fromAddress('203.0.113.7') });
    expect(sameClient.status).toBe(429);
    const otherClient = await app.request('POST', '/api/auth/register', { body: registration(11), headers: fromAddress('203.0.113.8') });
    expect([200, 201]).toContain(otherClient.status);
  });
});

describe('per-account sign-in throttle', () => {
  it('after five wrong passwords from five addresses, even the right one waits, then works', async () => {
    app = await createTestApp({ config: { rateLimitScale: 1, trustProxy: ['127.0.0.1'] } });
    const { user } = await createMember(app);
    for (let n = 0; n < 5; n++) {
      const wrong = await app.request('POST', '/api/auth/login', {
        body: { email: user.email, password: `guess number ${n}` },
        headers: fromAddress(`192.0.2.${n + 1}`),
      });
      expect(wrong.status).toBe(401);
    }
    const throttled = await app.request('POST', '/api/auth/login', {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
      headers: fromAddress('192.0.2.99'),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toMatch(/Too many failed sign-ins for this account\. Please try again in 1 second\./);
    expect(throttled.headers['retry-after']).toBe('1');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const signedIn = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect((await app.request('GET', '/api/users/me', { token: signedIn.body.data.token })).body.data._id).toBe(user.id);

    // The success cleared the count: one more mistake is free again.
    const slip = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: 'one slip' } });
    expect(slip.status).toBe(401);
    const again = await app.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(200);
  });

  it('each further failure doubles the wait', async () => {
    app = await createTestApp({ config: { rateLimitScale: 1, trustProxy: ['127.0.0.1'] } });
    const { user } = await createMember(app);
    const attempt = (password: string, n: number) =>
      app!.request('POST', '/api/auth/login', { body: { email: user.email, password }, headers: fromAddress(`192.0.2.${n}`) });
    for (let n = 0; n < 5; n++) await attempt('wrong', n + 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt('wrong again', 10)).status).toBe(401);
    const waiting = await attempt(TEST_PASSWORD, 11);
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('2');
  });
});
