import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

/**
 * The few facts about members the wallet needs (who may receive a tip, whether an account exists).
 * The accounts module exposes no lookup through its index, so these narrow reads live here, and
 * they only read.
 */
export function createMembersRepository(db: Db) {
  async function findRecipient(id: string, tx: DbOrTx = db) {
    const [row] = await tx
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        role: users.role,
        type: users.type,
        status: users.status,
        modelStatus: users.modelStatus,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async function exists(id: string, tx: DbOrTx = db): Promise<boolean> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return Boolean(row);
  }

  return { findRecipient, exists };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
