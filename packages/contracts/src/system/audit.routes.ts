import { z } from 'zod';
import { hasNoNul, listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';

// ---- audit log (admin) ---------------------------------------------------------------------

/** One administrator action: who, what, on what, the fields before and after, when and from where. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);
const filterText = z.preprocess(
  emptyAsMissing,
  z.string().trim().max(120, 'At most 120 characters').refine(hasNoNul, 'Text cannot contain NUL characters').optional(),
);

/**
 * Filters, each optional: `q` matches the administrator's e-mail, the action or the target id;
 * `action` is an exact action or a family ('payout' matches 'payout.approve'); `from` and `to`
 * bound the time (ISO dates or date-times; a bare `to` date includes that whole day).
 */
export const auditQuerySchema = pageQuerySchema.extend({
  q: filterText,
  action: filterText,
  actorId: z.preprocess(emptyAsMissing, z.uuid('That id is not valid').optional()),
  targetId: filterText,
  from: z.preprocess(emptyAsMissing, z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional()),
  to: z.preprocess(emptyAsMissing, z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional()),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** Administrators read the audit log; no route writes, edits or deletes it. */
export const auditRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Audit log of administrator actions, newest first, filtered',
    query: auditQuerySchema,
    answer: listOf(auditEntrySchema),
  }),
};
