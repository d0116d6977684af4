import { and, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';

/** The users columns the rule reads; an alias of the users table fits too. */
type VisibilityColumns = Pick<typeof users, 'status' | 'emailVerifiedAt' | 'role' | 'type' | 'modelStatus'>;

/**
 * Which members others may see (search, profiles, contacts, starting a conversation): active,
 * e-mail confirmed, not staff, and models only once an administrator approved their document.
 * The one definition; every module that filters members by it imports this.
 */
export const visibleMemberWhere = (table: VisibilityColumns = users): SQL =>
  and(
    eq(table.status, 'active'),
    isNotNull(table.emailVerifiedAt),
    eq(table.role, 'user'),
    or(eq(table.type, 'user'), eq(table.modelStatus, 'approved')),
  )!;
