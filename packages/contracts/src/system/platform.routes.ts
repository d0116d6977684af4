import { z } from 'zod';
import { defineRoute } from '../common/routes';

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

/** Load balancers poll it: 200 when the node can serve, 503 UNAVAILABLE naming what it cannot reach. */
export const healthRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Up, with the database and Redis reachable (503 UNAVAILABLE naming the one that is not)',
    answer: healthSchema,
  }),
};

const fileId = z.uuid('That file id is not valid');

/**
 * Stored files: public ones (avatars, the favicon) to anyone, private ones (verification documents)
 * to their owner and administrators. A file the caller may not see answers 404.
 */
export const fileRoutes = {
  download: defineRoute({
    method: 'GET',
    path: '/files/:id',
    access: 'public',
    tags: ['files'],
    summary: 'A stored file (the same as /files/{id}/{name})',
    params: z.object({ id: fileId }),
    answer: 'raw',
  }),
  /** The name is cosmetic; it keeps a favicon's `.ico` ending in the address. */
  downloadNamed: defineRoute({
    method: 'GET',
    path: '/files/:id/:name',
    access: 'public',
    tags: ['files'],
    summary: 'A stored file; the name in the path is cosmetic',
    params: z.object({ id: fileId, name: z.string().max(200) }),
    answer: 'raw',
  }),
};
