import { listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { outboxRowSchema } from './outbox';

/** Administrators: the mail outbox, newest first, never with bodies (they may hold codes). */
export const outboxRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/outbox',
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Mail outbox, newest first (no bodies)',
    query: pageQuerySchema,
    answer: listOf(outboxRowSchema),
  }),
};
