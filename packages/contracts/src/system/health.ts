import { z } from 'zod';

/**
 * What a node depends on, each answered within a bounded time: the database always, Redis when the
 * node is configured with one (it carries live events between nodes, presence and rate limits).
 */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  databaseKind: z.enum(['pglite', 'postgres']),
  redis: z.enum(['ok', 'not configured']),
});
export type Health = z.infer<typeof healthSchema>;
/** The `details` of the 503: each dependency's state, so the failing one is named. */
export type HealthFailure = { database: 'ok' | 'down'; redis: 'ok' | 'down' | 'not configured' };
