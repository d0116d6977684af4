import { adminEarningRoutes, type Earning, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type EarningsSourceFilter = Earning['source'] | 'all';
/** The page's filters as the address holds them: '' means not set. */
export type AdminEarningsArgs = { q: string; source: EarningsSourceFilter; from: string; to: string; limit: number; skip: number };

/**
 * Every model's earnings for administrators (docs/product.md#earnings-for-administrators). Read
 * only; sales and refunds elsewhere change it, so the page asks again whenever it opens.
 */
const adminEarningsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminEarnings'] });

export const adminEarningsApi = adminEarningsBase.injectEndpoints({
  endpoints: (build) => ({
    listAdminEarnings: build.query<RouteAnswer<typeof adminEarningRoutes.list>, AdminEarningsArgs>({
      query: ({ q, source, from, to, ...page }) =>
        routeRequest(adminEarningRoutes.list, {
          query: {
            ...page,
            ...(q ? { q } : {}),
            ...(source === 'all' ? {} : { source }),
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
          },
        }),
      providesTags: ['AdminEarnings'],
    }),
  }),
});

export const { useListAdminEarningsQuery } = adminEarningsApi;
