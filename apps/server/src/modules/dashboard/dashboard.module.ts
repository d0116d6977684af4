import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerStatsRoutes } from './stats.routes';
import { createStatsService } from './stats.service';

/** The administrators' dashboard: composes the other modules' counts; owns no table. */
export async function dashboardModule(app: FastifyInstance, ctx: AppContext) {
  registerStatsRoutes(app, { stats: createStatsService({ db: ctx.db, presence: ctx.presence, now: ctx.clock.now }) });
}
