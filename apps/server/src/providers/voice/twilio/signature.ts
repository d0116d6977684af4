import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio signs every webhook with `X-Twilio-Signature`: base64 of HMAC-SHA1, keyed with the account's
 * auth token, over the full URL Twilio requested followed by each POST parameter as name + value,
 * sorted by name, with no separators (docs/product.md#calls; Twilio "Webhooks security").
 *
 * The URL must be the one Twilio called, so callers rebuild it from the configured public URL, never
 * from the Host header a proxy (or an attacker) may have changed.
 */
export type FormParams = Iterable<readonly [string, string]>;

export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  // A repeated name (e.g. StatusCallbackEvent) contributes each of its values, in sorted order.
  const pairs = [...params].sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  const hmac = createHmac('sha1', authToken).update(url);
  for (const [name, value] of pairs) hmac.update(name).update(value);
  return hmac.digest('base64');
}

/** Constant-time; a missing header or auth token never passes. */
export function isValidTwilioSignature(authToken: string, header: string | undefined, url: string, params: FormParams): boolean {
  if (!header || !authToken) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Plain code-unit order, as Twilio sorts (not locale order). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
