import type { PublicUser } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { toPublicUser } from './accounts.presenter';
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

  /**
   * Members' public profiles by id (the shape of GET /users/findByUsername), for others to show who
   * sent or shares something. The rows of one turn are one statement (`findById`), their avatars one more.
   */
  async function publicProfiles(ids: readonly string[]): Promise<Map<string, PublicUser>> {
    const rows = (await Promise.all([...new Set(ids)].map((id) => users.findById(id)))).filter((row) => row !== undefined);
    const avatars = await users.filesByIds(rows.map((row) => row.avatarFileId));
    return new Map(rows.map((row) => [row.id, toPublicUser(row, row.avatarFileId ? avatars.get(row.avatarFileId) : null)]));
  }

  return { findPayee, exists, findCallee, updateCallSettings, publicProfiles };
}

export type MemberLookup = ReturnType<typeof createMemberLookup>;
