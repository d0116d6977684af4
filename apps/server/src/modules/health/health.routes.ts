import { ErrorCode, healthRoutes as routes, type HealthFailure } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { mountRoute } from '../../platform/routes';

/**
 * How long each dependency may take to answer. A load balancer's probe usually gives up after 2–5 s;
 * answering 503 before that tells it the truth instead of leaving it to guess from a timeout.
 * Both are asked at once, so the whole check stays under this bound.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 1500;

type State = 'ok' | 'down';

/** Resolves 'ok' when `check` answers in time, 'down' when it fails or is too slow. */
async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<State> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<State>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        (): State => 'ok',
        (): State => 'down',
      ),
      tooSlow,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redis is down unless its connection is ready: while ioredis reconnects it queues commands, so a
 * PING would wait for the reconnection instead of saying that there is none.
 */
const pingRedis = (redis: Redis) => (redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(`redis ${redis.status}`)));

/**
 * Load balancers poll it: 200 when this node can serve (its database answers, and its Redis when it
 * has one), 503 naming what it cannot reach otherwise (docs/architecture.md#health). A node without
 * Redis cannot pass live events to the others nor count presence and rate limits across them, so it
 * is taken out of rotation rather than left serving half-working sockets.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'database'>,
  redis?: Redis,
  timeoutMs = HEALTH_PROBE_TIMEOUT_MS,
) {
  mountRoute(app, routes.check, async (_request, reply) => {
    // A cached answer would hide a failure from the next probe.
    void reply.header('cache-control', 'no-store');
    const [database, redisState] = await Promise.all([
      probe(() => ctx.database.ping(), timeoutMs),
      redis ? probe(() => pingRedis(redis), timeoutMs) : ('not configured' as const),
    ]);
    if (database === 'down' || redisState === 'down') {
      const down = [database === 'down' ? 'The database' : null, redisState === 'down' ? 'Redis' : null].filter(Boolean);
      const details: HealthFailure = { database, redis: redisState };
      throw new AppError(503, ErrorCode.UNAVAILABLE, `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not reachable.`, details);
    }
    return { status: 'ok' as const, database: 'ok' as const, databaseKind: ctx.database.kind, redis: redisState };
  });
}
