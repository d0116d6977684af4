import { z } from 'zod';
import { defineRoute } from '../common/routes';
import { healthPaths, filePaths } from './platform.paths';
import { healthSchema } from './health';

/** Load balancers poll it: 200 when the node can serve, 503 UNAVAILABLE naming what it cannot reach. */
export const healthRoutes = {
  check: defineRoute({
    ...healthPaths.check,
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
    ...filePaths.download,
    access: 'public',
    tags: ['files'],
    summary: 'A stored file (the same as /files/{id}/{name})',
    params: z.object({ id: fileId }),
    answer: 'raw',
  }),
  /** The name is cosmetic; it keeps a favicon's `.ico` ending in the address. */
  downloadNamed: defineRoute({
    ...filePaths.downloadNamed,
    access: 'public',
    tags: ['files'],
    summary: 'A stored file; the name in the path is cosmetic',
    params: z.object({ id: fileId, name: z.string().max(200) }),
    answer: 'raw',
  }),
};
