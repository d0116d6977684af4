import type { List, ListedUser, ProfileByUsername } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import { toListedUser, toProfileByUsername } from './accounts.presenter';
import type { UsersRepository } from './users.repository';

export type MemberSearch = {
  q?: string | undefined;
  username?: string | undefined;
  type?: 'user' | 'model' | undefined;
  limit: number;
  skip: number;
};

/**
 * Finding other members. Visibility rules live in the repository query (visibleMemberWhere).
 * A signed-out visitor (viewerId null) sees only the public model directory: approved models,
 * never ordinary members, and no contacts of their own.
 */
export function createMembersService({ users }: { users: UsersRepository }) {
  async function findByUsername({ viewerId, username }: { viewerId: string | null; username: string }): Promise<ProfileByUsername> {
    const row = await users.findVisibleByUsername(username, viewerId);
    // Visible models are approved ones, so a visitor may see any visible model and nobody else.
    if (!row || (viewerId === null && row.user.type !== 'model')) throw notFound('No member with that username.');
    return toProfileByUsername(row.user, row.avatar, row.contactId);
  }

  async function search({
    viewerId,
    query,
    friendsOnly,
  }: {
    viewerId: string | null;
    query: MemberSearch;
    friendsOnly: boolean;
  }): Promise<List<ListedUser>> {
    const type = viewerId === null ? 'model' : query.type;
    const { rows, count } = await users.searchVisible({
      viewerId,
      friendsOnly,
      ...query,
      type,
      q: query.q || undefined,
      username: query.username || undefined,
    });
    return { items: rows.map((r) => toListedUser(r.user, r.avatar, r.contactId)), count };
  }

  return { findByUsername, search };
}
export type MembersService = ReturnType<typeof createMembersService>;
