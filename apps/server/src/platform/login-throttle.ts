import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Failed sign-ins counted per account, whatever address they come from (docs/operations.md#limits):
 * the first FREE_FAILURES are free, then each failure doubles the wait before the next attempt,
 * up to MAX_WAIT_MS. A success clears the count. Keys are hashes of the e-mail, so accounts that do
 * not exist are throttled the same way and the store holds no addresses.
 */
export const FREE_FAILURES = 5;
export const MAX_WAIT_MS = 15 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export type LoginThrottle = {
  /** Milliseconds to wait before this account may try again; 0 when it may try now. */
  waitMs(email: string): Promise<number>;
  failed(email: string): Promise<void>;
  succeeded(email: string): Promise<void>;
  close?(): void;
};

/** The wait after the n-th failure in a row. */
export const waitAfterFailures = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));

const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** One process: the embedded default. */
export function createMemoryLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const accounts = new Map<string, { failures: number; until: number; lastAt: number }>();
  return {
    async waitMs(email) {
      const entry = accounts.get(accountKey(email));
      return entry ? Math.max(0, entry.until - now()) : 0;
    },
    async failed(email) {
      const key = accountKey(email);
      const previous = accounts.get(key);
      const failures = previous && now() - previous.lastAt < FORGET_AFTER_MS ? previous.failures + 1 : 1;
      accounts.set(key, { failures, until: now() + waitAfterFailures(failures), lastAt: now() });
      // Forgotten entries are swept as new ones arrive, so the map cannot grow without bound.
      if (accounts.size > 100_000) {
        for (const [k, v] of accounts) if (now() - v.lastAt >= FORGET_AFTER_MS) accounts.delete(k);
      }
    },
    async succeeded(email) {
      accounts.delete(accountKey(email));
    },
  };
}

/**
 * Several nodes: the count and the wait live in Redis, so every node enforces the same wait. While
 * Redis does not answer, each node counts in its own memory (as the rate limits do,
 * platform/rate-limit-store.ts): signing in keeps working and guesses stay throttled.
 */
export function createRedisLoginThrottle(redis: Redis, prefix: string): LoginThrottle {
  const local = createMemoryLoginThrottle();
  const countKey = (email: string) => `${prefix}:count:${accountKey(email)}`;
  const waitKey = (email: string) => `${prefix}:wait:${accountKey(email)}`;
  const shared: LoginThrottle = {
    async waitMs(email) {
      return Math.max(0, await redis.pttl(waitKey(email)));
    },
    async failed(email) {
      const [[, failures]] = (await redis.multi().incr(countKey(email)).pexpire(countKey(email), FORGET_AFTER_MS).exec()) as [
        [unknown, number],
      ];
      const wait = waitAfterFailures(failures);
      if (wait > 0) await redis.set(waitKey(email), '1', 'PX', wait);
    },
    async succeeded(email) {
      await redis.del(countKey(email), waitKey(email));
    },
  };
  const either =
    <A extends unknown[], R>(step: (throttle: LoginThrottle) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (redis.status !== 'ready') return step(local)(...args);
      try {
        return await step(shared)(...args);
      } catch {
        return step(local)(...args);
      }
    };
  return {
    waitMs: either((t) => t.waitMs),
    failed: either((t) => t.failed),
    succeeded: either((t) => t.succeeded),
  };
}
