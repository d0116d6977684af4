import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A span of time cut into UTC days or months: `from` inclusive, `to` exclusive, both bucket starts. */
export type BucketRange = { from: Date; to: Date; bucket: 'day' | 'month' };

/** One bucket's value, keyed by the bucket's start as `YYYY-MM-DD` (UTC). */
export type BucketCounts = Map<string, number>;

/**
 * The UTC bucket a timestamp falls in, as `YYYY-MM-DD` text: the same on PGlite and PostgreSQL
 * whatever the session's time zone.
 */
export function bucketOf(column: AnyPgColumn | SQL, bucket: BucketRange['bucket']): SQL<string> {
  return sql<string>`to_char(date_trunc(${sql.raw(bucket === 'month' ? "'month'" : "'day'")}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
}

/** Rows of `{ start, value }` (value may arrive as text for a bigint sum) as a map. */
export function toBucketCounts(rows: readonly { start: string; value: number | string | null }[]): BucketCounts {
  return new Map(rows.map((row) => [row.start, Number(row.value ?? 0)]));
}
