import { z } from 'zod';
import { defineRoute } from '../common/routes';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;

/** Load balancers poll it: 200 when the process is up and the database reachable, 503 otherwise. */
export const healthRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Up, and the database reachable (503 UNAVAILABLE when it is not)',
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
