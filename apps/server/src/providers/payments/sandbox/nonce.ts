import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The sandbox's one-time nonces. Like Accept.js's, they stand for a card without being one: a signed,
 * self-contained token carrying only what the sandbox needs later (last four digits, brand, expiry
 * and how the test card behaves) and when it expires. Signed with a key derived from JWT_SECRET, so
 * every process that shares the secret accepts it and nobody can forge one; being single use is
 * enforced separately by recording each nonce's id in the database when it is spent.
 */
export const NONCE_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
/** Accept.js nonces live about 15 minutes. */
export const NONCE_TTL_MS = 15 * 60_000;

export type CardBehaviour = 'approve' | 'decline' | 'error';

const payloadSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  last4: z.string().regex(/^\d{4}$/),
  brand: z.string().max(40),
  expiry: z.string().regex(/^\d{4}-\d{2}$/),
  behaviour: z.enum(['approve', 'decline', 'error']),
  expiresAt: z.number().int(),
});
export type NoncePayload = z.infer<typeof payloadSchema>;

export const nonceKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('payments:sandbox-nonce').digest();

export function issueNonce(key: Buffer, card: Omit<NoncePayload, 'id' | 'expiresAt'>, now = Date.now()): string {
  const payload: NoncePayload = { ...card, id: randomBytes(16).toString('hex'), expiresAt: now + NONCE_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The nonce's payload when it is genuine and unexpired; null otherwise. Spending it is the caller's job. */
export function readNonce(key: Buffer, dataValue: string, now = Date.now()): NoncePayload | null {
  const [body, signature, extra] = dataValue.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');
