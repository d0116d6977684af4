import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookEvents } from '../db/schema';
import { twilioSignature } from '../providers/voice/twilio';
import { startFakeAuthorizeNet, type FakeAuthorizeNet, type FakeCharge } from '../test-support/fake-authorizenet';
import { startFakeTwilio, type FakeTwilio } from '../test-support/fake-twilio';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * Webhook routes keep their own body parsers (the signature covers the bytes as sent), so the
 * JSON parser's NUL check never sees them. A signed body carrying a NUL is refused at the edge with
 * the same 422 as any other request (docs/product.md#wire), and nothing is recorded.
 */
const PUBLIC_URL = 'https://hooks.example.test';
let anet: FakeAuthorizeNet;
let twilio: FakeTwilio;
let app: TestApp;
let appUrl: string;

beforeAll(async () => {
  anet = await startFakeAuthorizeNet();
  twilio = await startFakeTwilio();
  app = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      payments: { provider: 'authorizenet', authorizenet: anet.config },
      voice: { provider: 'twilio', twilio: twilio.config },
    },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await anet.close();
  await twilio.close();
});

const NUL_ANSWER = {
  code: 'VALIDATION_FAILED',
  msg: 'Text cannot contain the NUL character (\\u0000).',
  message: 'Text cannot contain the NUL character (\\u0000).',
  details: { fields: { body: 'Text cannot contain the NUL character (\\u0000).' } },
};

it('refuses a signed Authorize.Net notification carrying a NUL with 422, and records nothing', async () => {
  const charge = { transId: '60000000001', responseCode: '1', amountCents: 1000, invoiceNumber: 'INV-1' } as FakeCharge;
  const body = anet.webhookFor('net.authorize.payment.authcapture.created', charge, `note\u0000${randomUUID()}`);
  expect(body).toContain('\\u0000');

  const res = await anet.sendWebhook(appUrl, body);
  expect(res).toEqual({ status: 422, body: NUL_ANSWER });
  expect(await app.ctx.db.select().from(webhookEvents)).toEqual([]);
});

it('refuses a signed Twilio form carrying a NUL with 422, naming the field', async () => {
  const path = '/api/twilio/voice';
  const params: [string, string][] = [
    ['CallSid', `CA\u0000${'0'.repeat(30)}`],
    ['From', 'client:someone'],
    ['To', `conference:${randomUUID()}`],
  ];
  const res = await fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(twilio.config.authToken, `${PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    msg: 'CallSid: Text cannot contain the NUL character (\\u0000).',
    message: 'CallSid: Text cannot contain the NUL character (\\u0000).',
    details: { fields: { CallSid: 'Text cannot contain the NUL character (\\u0000).' } },
  });
});
