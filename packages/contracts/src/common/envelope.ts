import { z } from 'zod';

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

const queryInt = (min: number, max?: number) => {
  const int = z.coerce.number().int().min(min);
  return z.preprocess(emptyAsMissing, (max === undefined ? int : int.max(max)).optional());
};

/**
 * A page asked for either way (docs/product.md, "On the wire"): `limit` and `skip`, or `take` (the
 * same as limit) and `page` (from 1), as the xChat client sends them. The given names win over
 * their synonyms: `limit` over `take`, `skip` over `page`. Query strings; empty values count as
 * absent; what is absent falls back to 20 a page from the start.
 */
export const pagingFields = {
  limit: queryInt(1, PAGE_LIMIT_MAX).meta({ description: `Page size (default ${PAGE_LIMIT_DEFAULT}, at most ${PAGE_LIMIT_MAX})` }),
  take: queryInt(1, PAGE_LIMIT_MAX).meta({ description: 'The same as limit (used when limit is absent)' }),
  skip: queryInt(0).meta({ description: 'How many to skip (default 0)' }),
  page: queryInt(1).meta({ description: 'Page number from 1: skip = (page - 1) × page size (used when skip is absent)' }),
};
type Paging = { limit?: number | undefined; take?: number | undefined; skip?: number | undefined; page?: number | undefined };

/** limit/take and skip/page read as one `{ limit, skip }`. */
export function resolvePaging<T extends Paging>(query: T): T & { limit: number; skip: number } {
  const { take, page, ...rest } = query;
  const limit = query.limit ?? take ?? PAGE_LIMIT_DEFAULT;
  const skip = query.skip ?? (page === undefined ? 0 : (page - 1) * limit);
  return { ...rest, limit, skip } as T & { limit: number; skip: number };
}

/** A field read from the query string that is always present once read, as `limit` and `skip` are. */
type FilledQueryInt = z.ZodPreprocess<z.ZodDefault<z.ZodCoercedNumber>>;

/**
 * Most lists' query. Still a ZodObject, since features `.extend()` it with their filters; its
 * `.overwrite` fills limit and skip from their synonyms or defaults once the fields are read, so its
 * output always has both, which the cast tells the type system.
 */
export const pageQuerySchema = z.object(pagingFields).overwrite(resolvePaging) as unknown as z.ZodObject<
  Omit<typeof pagingFields, 'limit' | 'skip'> & { limit: FilledQueryInt; skip: FilledQueryInt }
>;
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
