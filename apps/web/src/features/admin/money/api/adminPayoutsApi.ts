import { payoutsRoutes, type PayoutStatus, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type PayoutsFilter = PayoutStatus | 'all';
export type PayoutDecision = 'approve' | 'markPaid' | 'reject';
type PageArgs = { limit: number; skip: number };

// 'AdminAudit' is the audit log (adminApi): a decision writes a row there.
const adminPayoutsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminPayouts', 'AdminAudit'] });

/**
 * Administrators' payout requests (docs/product.md#payouts): every model's, by status, and the three
 * decisions. Each status moves once; a decision someone else made first answers 409, and the list
 * is read again either way so the row shows what is true now.
 */
export const adminPayoutsApi = adminPayoutsBase.injectEndpoints({
  endpoints: (build) => ({
    listAdminPayouts: build.query<RouteAnswer<typeof payoutsRoutes.adminList>, PageArgs & { status: PayoutsFilter }>({
      query: ({ status, ...page }) =>
        routeRequest(payoutsRoutes.adminList, { query: { ...page, ...(status === 'all' ? {} : { status }) } }),
      providesTags: ['AdminPayouts'],
    }),
    decidePayout: build.mutation<
      RouteAnswer<typeof payoutsRoutes.approve>,
      { id: string; decision: PayoutDecision; note?: string; reference?: string }
    >({
      query: ({ id, decision, note, reference }) =>
        routeRequest(payoutsRoutes[decision], { params: { id }, body: { ...(note ? { note } : {}), ...(reference ? { reference } : {}) } }),
      // A lost answer (status 0) leaves the list alone: nothing is known to have changed. Only a
      // decision that went through writes to the audit log.
      invalidatesTags: (result, error) =>
        error && 'status' in error && error.status === 0 ? [] : result ? ['AdminPayouts', 'AdminAudit'] : ['AdminPayouts'],
    }),
  }),
});

export const { useListAdminPayoutsQuery, useDecidePayoutMutation } = adminPayoutsApi;
