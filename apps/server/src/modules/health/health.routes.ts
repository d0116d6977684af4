import { healthRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { mountRoute } from '../../platform/routes';

/** Answers when the process is up and the database reachable (load balancers poll it). */
export function registerHealthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'database'>) {
  mountRoute(app, routes.check, async () => {
    try {
      await ctx.database.ping();
    } catch {
      throw new AppError(503, 'UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok' as const, database: ctx.database.kind };
  });
}
