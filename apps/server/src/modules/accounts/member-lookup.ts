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

  /**
   * What a call depends on (docs/product.md#calls): who the member is, whether they may be called,
   * at what rate (hundredths per minute), and the phone the Twilio provider rings. Undefined when
   * there is no such member.
   */
  async function findCallee(id: string) {
    const user = await users.findById(id);
    if (!user) return undefined;
    const { name, username, type, status, modelStatus, callRate, callAvailable, phoneVerified, phoneNumber } = user;
    return { id: user.id, name, username, type, status, modelStatus, callRate, callAvailable, phoneVerified, phoneNumber };
  }

  /** Changes a member's call settings; answers the member as `findCallee` does. */
  async function updateCallSettings(id: string, patch: { callRate?: number; callAvailable?: boolean; phoneNumber?: string | null }) {
    await users.update(id, patch);
    return findCallee(id);
  }

  return { findPayee, exists, findCallee, updateCallSettings };
}

export type MemberLookup = ReturnType<typeof createMemberLookup>;
