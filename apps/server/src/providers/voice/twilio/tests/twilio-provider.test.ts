import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioProvider } from '..';
import { readTwiml, startFakeTwilio, type FakeTwilio } from '../../../../test-support/fake-twilio';

const PUBLIC_URL = 'https://calls.example.test';
const MEMBER_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const CALL_ID = '0b5e2f4a-6c1d-4e8f-9a2b-3c4d5e6f7a8b';
const MODEL_PHONE = '+14155550123';

let fake: FakeTwilio;
const warnings: string[] = [];
const provider = () => createTwilioProvider({ config: fake.config, publicUrl: PUBLIC_URL, warn: (message) => void warnings.push(message) });

beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

describe('the device token', () => {
  it('is a Twilio access token: HS256 with the API key secret, a VoiceGrant for the TwiML app, an opaque identity, one hour', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token, identity, iceServers } = await provider().deviceToken({ userId: MEMBER_ID });

    expect(token.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(fake.config.apiKeySecret));
    expect(payload.iss).toBe(fake.config.apiKeySid);
    expect(payload.sub).toBe(fake.config.accountSid);
    expect(payload.jti).toMatch(new RegExp(`^${fake.config.apiKeySid}-`));
    expect(payload.exp! - before).toBeGreaterThan(3500);
    expect(payload.exp! - before).toBeLessThanOrEqual(3601);
    expect(payload.grants).toEqual({
      identity,
      voice: { incoming: { allow: false }, outgoing: { application_sid: fake.config.twimlAppSid } },
    });
    // Twilio allows at most 121 alphanumeric or underscore characters; the member's id, compacted.
    expect(identity).toBe('member_6f1c2d3e4b5a4c7d8e9f0a1b2c3d4e5f');
    expect(iceServers).toEqual([]);
  });

  it('does not verify with another secret', async () => {
    const { token } = await provider().deviceToken({ userId: MEMBER_ID });
    await expect(jwtVerify(token, new TextEncoder().encode('not-the-secret'))).rejects.toThrow();
  });
});

describe("ringing the model's phone", () => {
  it("creates a call to the model's phone from the platform's number, dialling the call's conference, with progress callbacks", async () => {
    const { callSid } = await provider().ringModel({ callId: CALL_ID, modelPhone: MODEL_PHONE, ringSeconds: 30, maxSeconds: 601 });

    expect(callSid).toMatch(/^CA[0-9a-f]{32}$/);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${fake.config.accountSid}/Calls.json`, authorized: true });
    const form = new URLSearchParams(request.form);
    expect(form.get('To')).toBe(MODEL_PHONE);
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('StatusCallback')).toBe(`https://calls.example.test/api/twilio/call-status/${CALL_ID}`);
    expect(form.get('StatusCallbackMethod')).toBe('POST');
    expect(form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(form.get('Timeout')).toBe('30');
    expect(form.get('TimeLimit')).toBe('601');

    const twiml = readTwiml(form.get('Twiml')!);
    expect(twiml).toEqual({
      kind: 'conference',
      dial: {
        name: CALL_ID,
        label: 'model',
        startConferenceOnEnter: true,
        endConferenceOnExit: true,
        statusCallback: `https://calls.example.test/api/twilio/conference/${CALL_ID}`,
        statusCallbackEvents: ['start', 'end', 'join', 'leave'],
        timeLimit: 601,
      },
    });
    expect(fake.legs.get(callSid!)).toMatchObject({ to: MODEL_PHONE, status: 'queued', direction: 'outbound-api' });
  });

  it('fails clearly when Twilio refuses the credentials, and when the model has no phone', async () => {
    const wrong = createTwilioProvider({ config: { ...fake.config, apiKeySecret: 'wrong' }, publicUrl: PUBLIC_URL, warn: () => {} });
    await expect(wrong.ringModel({ callId: CALL_ID, modelPhone: MODEL_PHONE, ringSeconds: 30, maxSeconds: 60 })).rejects.toThrow(
      'Twilio refused to create a call: 20003 Authenticate',
    );
    await expect(provider().ringModel({ callId: CALL_ID, modelPhone: null, ringSeconds: 30, maxSeconds: 60 })).rejects.toThrow(
      'The model has no phone number to ring',
    );
  });

  it("keeps the model's number out of the error when Twilio's message quotes it", async () => {
    const unreachable = createTwilioProvider({ config: { ...fake.config, callerId: '' }, publicUrl: PUBLIC_URL, warn: () => {} });
    const error = await unreachable
      .ringModel({ callId: CALL_ID, modelPhone: MODEL_PHONE, ringSeconds: 30, maxSeconds: 60 })
      .catch((e: Error) => e);
    expect(String(error)).toContain("21213 No 'From' number is specified");
    expect(String(error)).not.toContain('4155550123');
  });
});

describe('hanging up', () => {
  it('cancels a leg that is still ringing', async () => {
    const p = provider();
    const { callSid } = await p.ringModel({ callId: CALL_ID, modelPhone: MODEL_PHONE, ringSeconds: 30, maxSeconds: 60 });
    // No app listens in this test: the fake's callbacks go nowhere.
    fake.connectApp({ publicUrl: PUBLIC_URL, appUrl: 'http://127.0.0.1:9' });
    await fake.ring(callSid!);
    expect(fake.legs.get(callSid!)!.status).toBe('ringing');

    await p.hangUp({ callId: CALL_ID, callSid });

    const update = fake.requests.find((r) => r.path.endsWith(`/Calls/${callSid}.json`))!;
    expect(update).toMatchObject({ method: 'POST', authorized: true });
    expect(new URLSearchParams(update.form).get('Status')).toBe('completed');
    expect(fake.legs.get(callSid!)!.status).toBe('canceled');
  });

  it('never throws, even when Twilio cannot be reached', async () => {
    const offline = createTwilioProvider({
      config: { ...fake.config, apiBase: 'http://127.0.0.1:9' },
      publicUrl: PUBLIC_URL,
      warn: (message) => void warnings.push(message),
    });
    warnings.length = 0;
    await expect(offline.hangUp({ callId: CALL_ID, callSid: 'CA00000000000000000000000000000000' })).resolves.toBeUndefined();
    expect(warnings).toEqual(['Twilio: could not hang up the call leg', "Twilio: could not end the call's conference"]);
  });
});

describe('the fake speaks Twilio', () => {
  it("answers 400 with Twilio's error shape when To is missing, and 401 on bad credentials", async () => {
    const url = `${fake.config.apiBase}/2010-04-01/Accounts/${fake.config.accountSid}/Calls.json`;
    const auth = `Basic ${Buffer.from(`${fake.config.accountSid}:${fake.config.authToken}`).toString('base64')}`;
    const missing = await fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'From=%2B15005550006&Twiml=%3CResponse%2F%3E',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      code: 21201,
      message: "No 'To' number is specified",
      more_info: 'https://www.twilio.com/docs/errors/21201',
      status: 400,
    });
    const unauthorised = await fetch(url, { method: 'POST', headers: { authorization: 'Basic bm86cGU=' }, body: '' });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ code: 20003, status: 401 });
  });
});
