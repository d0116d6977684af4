import type { List, ListedUser, ProfileByUsername } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import { toListedUser, toProfileByUsername } from './accounts.presenter';
import type { UsersRepository } from './users.repository';

export type MemberSearch = { q?: string | undefined; type?: 'user' | 'model' | undefined; limit: number; skip: number };

/** Finding other members. Visibility rules live in the repository query (visibleMember). */
export function createMembersService({ users }: { users: UsersRepository }) {
  async function findByUsername({ viewerId, username }: { viewerId: string; username: string }): Promise<ProfileByUsername> {
    const row = await users.findVisibleByUsername(username, viewerId);
    if (!row) throw notFound('No member with that username.');
    return toProfileByUsername(row.user, row.avatar, row.contactId);
  }

  async function search({
    viewerId,
    query,
    friendsOnly,
  }: {
    viewerId: string;
    query: MemberSearch;
    friendsOnly: boolean;
  }): Promise<List<ListedUser>> {
    const { rows, count } = await users.searchVisible({ viewerId, friendsOnly, ...query, q: query.q || undefined });
    return { items: rows.map((r) => toListedUser(r.user, r.avatar, r.contactId)), count };
  }

  return { findByUsername, search };
}
export type MembersService = ReturnType<typeof createMembersService>;
