import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result: Counted | null) => void;
type RouteOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; routeInfo: { method: string; url: string } };
/** The store interface of @fastify/rate-limit (its README, "Custom stores"). */
type Store = {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read?(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
};

// The plugin's own two stores, which it does not export by name.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * Rate limits counted in Redis, across every node, while Redis answers; in this node's memory while
 * it does not (docs/architecture.md#redis-outage). Failing closed would make Redis a hard dependency
 * of every limited route (sending, buying, signing in): an outage of it would be an outage of the
 * product. Failing open would lift the limits for as long as it lasts. Counting per node keeps every
 * limit, only looser by the number of nodes, and the routes working; counts start again from zero
 * on either switch, which costs an attacker at most one window's worth.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const pick = (shared: Store, local: Store): Store => ({
    incr(key, done, timeWindow, max) {
      if (redis.status !== 'ready') return local.incr(key, done, timeWindow, max);
      shared.incr(key, (error, result) => (error ? local.incr(key, done, timeWindow, max) : done(null, result)), timeWindow, max);
    },
    read(key, done, timeWindow, max) {
      const fallback = () => (local.read ? local.read(key, done, timeWindow, max) : done(null, { current: 0, ttl: 0 }));
      if (redis.status !== 'ready' || !shared.read) return fallback();
      shared.read(key, (error, result) => (error ? fallback() : done(null, result)), timeWindow, max);
    },
    child: (routeOptions) => pick(shared.child(routeOptions), local.child(routeOptions)),
  });

  return class RedisOrLocalStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return pick(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
