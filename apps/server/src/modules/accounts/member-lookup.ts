import type { Db } from '../../platform/db';
import { createUsersRepository } from './users.repository';

/**
 * What other modules may ask the accounts module about a member. Built once in app.ts and handed
 * to modules as `ctx.members`, so they read accounts' data through it, never from the users table
 * (docs/architecture.md#boundaries).
 */
export function createMemberLookup(db: Db) {
  const users = createUsersRepository(db);

  /** The facts a payment to a member depends on (may they receive tokens?), or undefined. */
  async function findPayee(id: string) {
    const user = await users.findById(id);
    if (!user) return undefined;
    const { name, username, role, type, status, modelStatus, emailVerifiedAt } = user;
    return { id: user.id, name, username, role, type, status, modelStatus, emailVerifiedAt };
  }

  async function exists(id: string): Promise<boolean> {
    return Boolean(await users.findById(id));
  }

  return { findPayee, exists };
}

export type MemberLookup = ReturnType<typeof createMemberLookup>;
