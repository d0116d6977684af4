import { defineRoute } from '../common/routes';
import { adminStatsPaths } from './stats.paths';
import { statsQuerySchema, adminStatsSchema } from './stats';

/** The administrators' dashboard: totals and their course over a period. */
export const adminStatsRoutes = {
  get: defineRoute({
    ...adminStatsPaths.get,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Dashboard statistics over a period, by UTC day or month',
    query: statsQuerySchema,
    answer: adminStatsSchema,
  }),
};
