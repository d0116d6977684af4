import { z } from 'zod';

/** Machine-readable error codes; the client branches on these, people read `msg`. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INSUFFICIENT_TOKENS: 'INSUFFICIENT_TOKENS',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  INTERNAL: 'INTERNAL',
  /** The database or Redis could not be reached (503): nothing was done, the same request may be retried. */
  UNAVAILABLE: 'UNAVAILABLE',
  // accounts
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  NOT_A_MODEL: 'NOT_A_MODEL',
  // tokens
  CARD_DECLINED: 'CARD_DECLINED',
  /** The card nonce was spent, expired or not the provider's: enter the card again (422). */
  CARD_NONCE_REFUSED: 'CARD_NONCE_REFUSED',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  PAYMENT_PENDING: 'PAYMENT_PENDING',
  // messaging
  /** One side blocked the other: nobody may send in that conversation. */
  CONVERSATION_BLOCKED: 'CONVERSATION_BLOCKED',
  /** The other person deactivated or was suspended. */
  RECIPIENT_UNAVAILABLE: 'RECIPIENT_UNAVAILABLE',
  // paid actions
  /** The price the member saw (`expectedPrice`) is not the current one: nothing was charged; `details.price` is the price now. */
  PRICE_CHANGED: 'PRICE_CHANGED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorBodySchema = z.object({
  code: z.string(),
  msg: z.string(),
  /** The same text as `msg`, for clients that read `message` (docs/product.md, "On the wire"). */
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ data: T }`: the envelope of every successful answer. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** `{ items, count }` where count is the total, not the page size. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), count: z.number().int().nonnegative() });
export type List<T> = { items: T[]; count: number };

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Query strings: an empty value (`?status=`) counts as absent. */
export const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** `limit` and `skip` arrive as query strings; empty values fall back to the defaults. */
export const pageQuerySchema = z.object({
  limit: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT)),
  skip: z.preprocess(emptyAsMissing, z.coerce.number().int().min(0).default(0)),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof okSchema>;

export const idParamSchema = z.object({ id: z.uuid('That id is not valid') });

/**
 * PostgreSQL text and jsonb cannot hold the NUL character: a field that refuses it answers 422
 * naming the field instead of failing the write with a 500.
 */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** An optional query filter; `?name=` with nothing after it is the same as leaving it out. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsMissing, schema.optional());

/** The text an administrator's list is searched with: trimmed, at most `max` characters, never NUL. */
export const searchTextSchema = (max = 80) =>
  z
    .string({ error: 'Search with text' })
    .trim()
    .max(max, `Search with at most ${max} characters`)
    .refine(hasNoNul, 'Search text cannot contain NUL characters');

/**
 * An idempotency key: any opaque string of 8–255 characters the client makes once per attempt (a
 * UUID does). A retry carrying the same key is done once (docs/product.md#idempotency).
 */
export const idempotencyKeySchema = z
  .string({ error: 'idempotencyKey must be a string' })
  .min(8, 'idempotencyKey must be 8 to 255 characters')
  .max(255, 'idempotencyKey must be 8 to 255 characters')
  .refine(hasNoNul, 'idempotencyKey cannot contain NUL characters');
