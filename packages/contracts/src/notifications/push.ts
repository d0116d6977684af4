import { z } from 'zod';
import { hasNoNul } from '../common/envelope';

/** Plain http is for a push service on the machine itself (a local one in tests); anything else is https. */
const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?\//i;
/** user:password@ before the host. */
const WITH_CREDENTIALS = /^[a-z]+:\/\/[^/]*@/i;

/** An https URL without credentials, or http on a loopback host (the URL itself is checked by `z.url`). */
export const isPushEndpoint = (value: string) => !WITH_CREDENTIALS.test(value) && (/^https:\/\//i.test(value) || LOOPBACK_HTTP.test(value));

export const pushEndpointSchema = z
  .string({ error: 'endpoint must be a string' })
  .max(2048, 'endpoint must be at most 2048 characters')
  .refine(hasNoNul, 'endpoint cannot contain NUL characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'endpoint must be an https URL' }))
  .refine(isPushEndpoint, 'endpoint must be an https URL');

/**
 * What the browser's `PushSubscription.toJSON()` gives (RFC 8291 keys, base64url): `p256dh` is the
 * subscription's P-256 public key (65 bytes), `auth` its 16-byte secret.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nonnegative().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'keys.p256dh must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** GET /push/key: the VAPID public key, what `pushManager.subscribe({ applicationServerKey })` takes. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push (JSON): what to show and where a click goes. */
export type PushMessage = { title: string; body: string; url: string; tag: string };
