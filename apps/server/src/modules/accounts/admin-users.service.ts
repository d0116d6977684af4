import type { AdminUserRow, List } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import { users as usersTable } from '../../db/schema';
import type { AdminActor, AuditLog } from '../../platform/audit';
import type { SessionService } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { toAdminUserRow } from './accounts.presenter';
import { walletBalance, walletBalances } from '../wallet';
import type { UserRow, UsersRepository } from './users.repository';

type AdminUsersDeps = {
  db: Db;
  users: UsersRepository;
  sessions: SessionService;
  events: EventBus;
  audit: AuditLog;
};

/** Administrators find members, suspend or reactivate their accounts, and give or take the administrator role. */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, users, sessions, events, audit } = deps;

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
  async function suspend(actor: AdminActor, userId: string) {
    const user = await db.transaction(async (tx) => {
      const target = await users.lockById(userId, tx);
      if (!target) throw notFound('No member with that id.');
      if (target.id === actor.id) throw forbidden('You cannot suspend your own account.');
      if (target.role === 'admin') throw forbidden('Administrators cannot be suspended.');
      // Asked twice (a retry), it answers the same without a second trace.
      if (target.status === 'suspended') return target;
      await sessions.revoke({ userId }, tx);
      const updated = (await users.update(userId, { status: 'suspended' }, tx))!;
      await audit.record(actor, statusChange('member.suspend', target, updated), tx);
      return updated;
    });
    events.publish('session.revoked', { userId, sessionIds: 'all', reason: 'suspended' });
    // Others see the account as not active (`isActive`) wherever its profile is remembered.
    events.publish('user.updated', { userId });
    return rowOf(user);
  }

  /** Brings back a suspended or self-deactivated account; the member signs in again. */
  async function reactivate(actor: AdminActor, userId: string) {
    const user = await db.transaction(async (tx) => {
      const target = await users.lockById(userId, tx);
      if (!target) throw notFound('No member with that id.');
      if (target.status === 'active') return target;
      const updated = (await users.update(userId, { status: 'active' }, tx))!;
      await audit.record(actor, statusChange('member.reactivate', target, updated), tx);
      return updated;
    });
    events.publish('user.updated', { userId });
    return rowOf(user);
  }

  return { list, suspend, reactivate, ...adminRoleChanges(deps, rowOf) };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

function adminRoleChanges({ db, users, events, audit }: AdminUsersDeps, rowOf: (user: UserRow) => Promise<AdminUserRow>) {
  /**
   * Makes a member an administrator or takes the role back. The site always keeps one: the
   * administrators' rows are locked before they are counted, so two administrators removing each
   * other at once cannot both succeed. A removal locks them all, in id order, before its target
   * (one of them): two removals at once then queue on the same first row, where locking the target
   * first had each hold the row the other needed until PostgreSQL killed one as a deadlock (a 500).
   */
  async function setRole(actor: AdminActor, userId: string, role: 'admin' | 'user') {
    const user = await db.transaction(async (tx) => {
      const admins =
        role === 'user'
          ? await tx
              .select({ id: usersTable.id })
              .from(usersTable)
              .where(and(eq(usersTable.role, 'admin'), eq(usersTable.status, 'active')))
              .orderBy(usersTable.id)
              .for('update')
          : [];
      const target = await users.lockById(userId, tx);
      if (!target) throw notFound('No member with that id.');
      if (target.role === role)
        throw conflict(role === 'admin' ? 'This member is already an administrator.' : 'This member is not an administrator.');
      if (role === 'admin') {
        if (target.type === 'model') throw conflict('Models cannot be administrators.');
        if (target.status !== 'active') throw conflict('Only an active account can be made an administrator.');
      } else if (admins.length <= 1) {
        throw conflict('The site needs at least one administrator: make someone else an administrator first.');
      }
      const updated = (await users.update(userId, { role }, tx))!;
      await audit.record(
        actor,
        {
          action: role === 'admin' ? 'member.make-admin' : 'member.remove-admin',
          target: { type: 'member', id: userId },
          before: { role: target.role },
          after: { role: updated.role },
        },
        tx,
      );
      return updated;
    });
    // Cached sign-ins carry the role: they are forgotten on every node, and the member's pages follow.
    events.publish('user.updated', { userId });
    return rowOf(user);
  }

  return { setRole };
}

const statusChange = (action: string, before: UserRow, after: UserRow) => ({
  action,
  target: { type: 'member', id: after.id },
  before: { status: before.status },
  after: { status: after.status },
});
