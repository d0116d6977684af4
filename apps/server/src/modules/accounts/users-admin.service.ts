import type { AdminUserRow, List } from '@cc/contracts';
import type { SessionService } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { toAdminUserRow } from './accounts.presenter';
import { walletBalance, walletBalances } from '../wallet';
import type { UserRow, UsersRepository } from './users.repository';

/** Administrators find members and suspend or reactivate their accounts. */
export function createUsersAdminService({
  db,
  users,
  sessions,
  events,
}: {
  db: Db;
  users: UsersRepository;
  sessions: SessionService;
  events: EventBus;
}) {
  async function rowOf(user: UserRow): Promise<AdminUserRow> {
    const files = await users.filesByIds([user.avatarFileId]);
    return toAdminUserRow(user, user.avatarFileId ? (files.get(user.avatarFileId) ?? null) : null, await walletBalance(db, user.id));
  }

  async function list(query: { q?: string | undefined; limit: number; skip: number }): Promise<List<AdminUserRow>> {
    const { rows, count } = await users.listAll({ ...query, q: query.q || undefined });
    const balances = await walletBalances(
      db,
      rows.map((r) => r.user.id),
    );
    return { items: rows.map((r) => toAdminUserRow(r.user, r.avatar, balances.get(r.user.id) ?? 0)), count };
  }

  /** Suspending ends every session at once; administrators cannot lock themselves or each other out. */
  async function suspend({ adminId, userId }: { adminId: string; userId: string }) {
    const user = await db.transaction(async (tx) => {
      const target = await users.lockById(userId, tx);
      if (!target) throw notFound('No member with that id.');
      if (target.id === adminId) throw forbidden('You cannot suspend your own account.');
      if (target.role === 'admin') throw forbidden('Administrators cannot be suspended.');
      await sessions.revoke({ userId }, tx);
      return (await users.update(userId, { status: 'suspended' }, tx))!;
    });
    events.publish('session.revoked', { userId, sessionIds: 'all', reason: 'suspended' });
    return rowOf(user);
  }

  /** Brings back a suspended or self-deactivated account; the member signs in again. */
  async function reactivate({ userId }: { userId: string }) {
    const user = await users.update(userId, { status: 'active' });
    if (!user) throw notFound('No member with that id.');
    events.publish('user.updated', { userId });
    return rowOf(user);
  }

  return { list, suspend, reactivate };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
