import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from '..';

/**
 * The expected value was computed outside this code, with
 *   printf '%s' "<url><name><value>…" | openssl dgst -sha1 -hmac 'a-test-auth-token' -binary | base64
 * over the URL followed by the parameters sorted by name (a repeated name by value), as Twilio documents.
 */
const URL = 'https://calls.example.test/api/twilio/call-status/0b5e2f4a-6c1d-4e8f-9a2b-3c4d5e6f7a8b';
const PARAMS: [string, string][] = [
  ['StatusCallbackEvent', 'ringing'],
  ['CallStatus', 'ringing'],
  ['SequenceNumber', '1'],
  ['CallSid', 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
  ['StatusCallbackEvent', 'completed'],
  ['AccountSid', 'AC0123456789abcdef0123456789abcdef'],
];
const EXPECTED = 'v/XH+EUShmjvtZ0DUbhqZaUDDtU=';

describe('X-Twilio-Signature', () => {
  it('is base64 HMAC-SHA1 of the URL and the sorted parameters, keyed with the auth token', () => {
    expect(twilioSignature('a-test-auth-token', URL, PARAMS)).toBe(EXPECTED);
    expect(isValidTwilioSignature('a-test-auth-token', EXPECTED, URL, PARAMS)).toBe(true);
  });

  it('fails for another token, another URL (a rewritten host or scheme), a changed or dropped parameter, or no header', () => {
    expect(isValidTwilioSignature('another-token', EXPECTED, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('a-test-auth-token', EXPECTED, URL.replace('https:', 'http:'), PARAMS)).toBe(false);
    expect(isValidTwilioSignature('a-test-auth-token', EXPECTED, URL.replace('calls.example.test', 'evil.example.test'), PARAMS)).toBe(
      false,
    );
    const changed = PARAMS.map(([k, v]): [string, string] => [k, k === 'CallStatus' ? 'completed' : v]);
    expect(isValidTwilioSignature('a-test-auth-token', EXPECTED, URL, changed)).toBe(false);
    expect(isValidTwilioSignature('a-test-auth-token', EXPECTED, URL, PARAMS.slice(1))).toBe(false);
    expect(isValidTwilioSignature('a-test-auth-token', undefined, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('a-test-auth-token', 'short', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('', twilioSignature('', URL, PARAMS), URL, PARAMS)).toBe(false);
  });
});
