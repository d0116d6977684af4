import { listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { auditPaths } from './audit.paths';
import { auditEntrySchema, auditQuerySchema } from './audit';

/** Administrators read the audit log; no route writes, edits or deletes it. */
export const auditRoutes = {
  list: defineRoute({
    ...auditPaths.list,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Audit log of administrator actions, newest first, filtered',
    query: auditQuerySchema,
    answer: listOf(auditEntrySchema),
  }),
};
