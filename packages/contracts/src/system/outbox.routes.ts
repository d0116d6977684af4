import { listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { outboxRowSchema } from './outbox';
import { outboxPaths } from './outbox.paths';

/** Administrators: the mail outbox, newest first, never with bodies (they may hold codes). */
export const outboxRoutes = {
  list: defineRoute({
    ...outboxPaths.list,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Mail outbox, newest first (no bodies)',
    query: pageQuerySchema,
    answer: listOf(outboxRowSchema),
  }),
};
