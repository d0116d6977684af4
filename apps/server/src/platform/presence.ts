import type { Redis } from 'ioredis';

/**
 * Who is online: a member is online while at least one of their sockets is connected, on any node.
 * One process counts in memory; with Redis the counts live in one hash shared by every node.
 * A node that dies without closing its sockets leaves its counts behind until those members
 * connect and disconnect again (written down in docs/decisions/0007-messaging.md).
 */
export interface Presence {
  /** Counts a new socket; true when this made the member come online. */
  connected(userId: string): Promise<boolean>;
  /** Counts a closed socket; true when this made the member go offline. */
  disconnected(userId: string): Promise<boolean>;
  /** Which of these members are online now. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
}

export function createMemoryPresence(): Presence {
  const sockets = new Map<string, number>();
  return {
    async connected(userId) {
      const count = (sockets.get(userId) ?? 0) + 1;
      sockets.set(userId, count);
      return count === 1;
    },
    async disconnected(userId) {
      const count = (sockets.get(userId) ?? 0) - 1;
      if (count > 0) sockets.set(userId, count);
      else sockets.delete(userId);
      return count <= 0;
    },
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
  };
}

export function createRedisPresence(redis: Redis, key: string): Presence {
  return {
    async connected(userId) {
      return (await redis.hincrby(key, userId, 1)) === 1;
    },
    async disconnected(userId) {
      // The field stays at 0 rather than being deleted: deleting could race a new connection.
      return (await redis.hincrby(key, userId, -1)) <= 0;
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const counts = await redis.hmget(key, ...userIds);
      return new Set(userIds.filter((_, i) => Number(counts[i] ?? 0) > 0));
    },
  };
}
