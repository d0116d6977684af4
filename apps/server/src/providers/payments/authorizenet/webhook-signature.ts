import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Authorize.Net signs each webhook with `X-ANET-Signature: sha512=<HEX>`, the HMAC-SHA512 of the raw
 * body keyed with the merchant's Signature Key. Re-serialising parsed JSON would change the bytes,
 * so this always works on the body exactly as received.
 */
export const signWebhookBody = (rawBody: Buffer | string, signatureKey: string) =>
  `sha512=${createHmac('sha512', signatureKey).update(rawBody).digest('hex').toUpperCase()}`;

/** Constant-time and case-insensitive, as Authorize.Net's own samples compare it. */
export function isValidWebhookSignature(rawBody: Buffer, header: string | undefined, signatureKey: string): boolean {
  if (!header || !signatureKey) return false;
  const match = /^sha512=([0-9a-f]{128})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha512', signatureKey).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
