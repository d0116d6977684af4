import { adminStatsRoutes, type RouteAnswer, type StatsPeriod } from '@cc/contracts';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type AdminStatsAnswer = RouteAnswer<typeof adminStatsRoutes.get>;

const adminStatsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminStats'] });

/** The dashboard's numbers over a period; kept a minute, so flipping between periods does not ask again. */
export const adminStatsApi = adminStatsBase.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStatsAnswer, StatsPeriod>({
      query: (period) => routeRequest(adminStatsRoutes.get, { query: { period } }),
      providesTags: ['AdminStats'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetAdminStatsQuery } = adminStatsApi;
