import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../../test-support/fake-twilio';
import { createTestApp, type TestApp } from '../../../test-support/harness';

/**
 * The page's Content Security Policy lets Twilio's Voice JS SDK reach what it needs (signalling,
 * call-quality events, its sounds) only when the site uses the `twilio` provider
 * (docs/product.md#calls); the default `local` provider's page names no Twilio host.
 */
let fake: FakeTwilio;
let twilioApp: TestApp;
let localApp: TestApp;
beforeAll(async () => {
  fake = await startFakeTwilio();
  twilioApp = await createTestApp({ config: { voice: { provider: 'twilio', twilio: fake.config } } });
  localApp = await createTestApp();
});
afterAll(async () => {
  await twilioApp.close();
  await localApp.close();
  await fake.close();
});

const policyOf = async (app: TestApp) => String((await app.request('GET', '/api/health')).headers['content-security-policy']);
const directive = (policy: string, name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';

it("with Twilio, the browser may reach the Voice SDK's signalling, insights and sound hosts", async () => {
  const policy = await policyOf(twilioApp);
  expect(directive(policy, 'connect-src').trim().split(' ')).toEqual(
    expect.arrayContaining(["'self'", 'wss://voice-js.roaming.twilio.com', 'https://eventgw.twilio.com', 'https://sdk.twilio.com']),
  );
  expect(directive(policy, 'media-src').trim().split(' ')).toEqual([
    'media-src',
    "'self'",
    'blob:',
    'mediastream:',
    'https://sdk.twilio.com',
  ]);
  // The SDK is bundled with the app: no script comes from Twilio.
  expect(directive(policy, 'script-src')).not.toContain('twilio');
});

it('with the local provider, no Twilio host is allowed', async () => {
  const policy = await policyOf(localApp);
  expect(policy).not.toContain('twilio');
  expect(directive(policy, 'media-src').trim()).toBe("media-src 'self' blob:");
});
