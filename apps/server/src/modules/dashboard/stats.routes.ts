import { adminStatsRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { mountRoute } from '../../platform/routes';
import type { StatsService } from './stats.service';

/** The administrators' dashboard numbers. */
export function registerStatsRoutes(app: FastifyInstance, { stats }: { stats: StatsService }) {
  mountRoute(app, routes.get, async (request) => stats.get(request.query.period));
}
