import { z } from 'zod';
import { optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';

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

const filterText = optionalFilter(searchTextSchema(120));
const dateOrInstant = optionalFilter(z.union([z.iso.date(), z.iso.datetime({ offset: true })]));

/**
 * Filters, each optional: `q` matches the administrator's e-mail, the action or the target id;
 * `action` is an exact action or a family ('payout' matches 'payout.approve'); `from` and `to`
 * bound the time (ISO dates or date-times; a bare `to` date includes that whole day).
 */
export const auditQuerySchema = pageQuerySchema.extend({
  q: filterText,
  action: filterText,
  actorId: optionalFilter(z.uuid('That id is not valid')),
  targetId: filterText,
  from: dateOrInstant,
  to: dateOrInstant,
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
