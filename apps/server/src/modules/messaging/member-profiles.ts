import type { PublicUser } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import type { MemberLookup } from '../accounts';

/**
 * How long a member's public profile is trusted. Every message carries its sender's profile and
 * every conversation both members' (docs/product.md#messaging): remembered, a send reads none.
 * An update on this process forgets it at once (`user.updated`); another process's within this long.
 */
export const PROFILE_CACHE_MS = 5_000;
const PROFILE_CACHE_MAX = 5_000;

/** Members' public profiles through the accounts module (`ctx.members`), one read per call for those not remembered. */
export function createMemberProfiles({ members, events }: { members: Pick<MemberLookup, 'publicProfiles'>; events: EventBus }) {
  const remembered = new Map<string, { profile: PublicUser; at: number }>();
  /** Bumped by every update: a read that started before it is not remembered. */
  let generation = 0;
  const unsubscribe = events.subscribe('user.updated', ({ userId }) => {
    remembered.delete(userId);
    generation++;
  });

  async function of(ids: readonly string[]): Promise<Map<string, PublicUser>> {
    const now = Date.now();
    const found = new Map<string, PublicUser>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = remembered.get(id);
      if (hit && now - hit.at < PROFILE_CACHE_MS) found.set(id, hit.profile);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const startedAt = generation;
    const read = await members.publicProfiles(missing);
    const keep = startedAt === generation;
    if (keep && remembered.size + read.size > PROFILE_CACHE_MAX) remembered.clear();
    for (const [id, profile] of read) {
      found.set(id, profile);
      if (keep) remembered.set(id, { profile, at: now });
    }
    return found;
  }

  return { of, close: unsubscribe };
}

export type MemberProfiles = ReturnType<typeof createMemberProfiles>;

/** The profile of a member who must exist (a conversation's member, a message's sender). */
export function profileIn(profiles: Map<string, PublicUser>, id: string): PublicUser {
  const profile = profiles.get(id);
  if (!profile) throw new Error(`no public profile for member ${id}`);
  return profile;
}
