import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Says once that Redis was lost and once that it is back, in the app's log. Without a listener
 * ioredis writes every failed reconnection to stderr with its stack (several a second), and an
 * operator reading the log could not tell when the outage began or ended (docs/architecture.md#faults).
 *
 * The loss is noticed at the first of a connection error or ioredis scheduling a reconnection: a
 * Redis that restarts within ioredis's first retry (~50 ms) raises no error at all, only the
 * dropped connection, and that outage is as real to the events that crossed no node meanwhile.
 * `onRecovered` runs each time the link is back after a loss.
 */
export function watchRedis(redis: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, onRecovered: () => void) {
  let lostAt: number | null = null;
  const lost = (reason: string) => {
    if (lostAt !== null) return;
    lostAt = Date.now();
    log.warn({ reason }, 'redis unreachable; reconnecting');
  };
  redis.on('error', (error: Error & { code?: string }) => lost([error.code, error.message].filter(Boolean).join(': ')));
  redis.on('reconnecting', () => lost('connection closed'));
  redis.on('ready', () => {
    if (lostAt === null) return;
    log.info({ downMs: Date.now() - lostAt }, 'redis reachable again');
    lostAt = null;
    onRecovered();
  });
}
