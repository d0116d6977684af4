import { adminCallRoutes, type AdminCallsFilter, type RouteAnswer } from '@cc/contracts';
import { isApiError } from '../../../../shared/api/apiError';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type CallsFilter = AdminCallsFilter | 'all';
export type CallsArgs = { status: CallsFilter; q: string; limit: number; skip: number };

// 'AdminAudit' is the audit log (adminApi): ending a call writes a row there.
const adminCallsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminCalls', 'AdminAudit'] });

/**
 * Administrators' calls (docs/product.md#calls): every call, live ones first, with its charges in
 * tokens, and ending a live one. A call that ended meanwhile answers 409: the list is read again so
 * the row shows how it ended.
 */
// Endpoint names are the one API's, shared by every feature: a name another feature injected first
// (features/calls has `endCall`, the member's hang-up) would silently keep that one's request.
export const adminCallsApi = adminCallsBase.injectEndpoints({
  endpoints: (build) => ({
    listAdminCalls: build.query<RouteAnswer<typeof adminCallRoutes.list>, CallsArgs>({
      query: ({ status, q, ...page }) =>
        routeRequest(adminCallRoutes.list, { query: { ...page, ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}) } }),
      providesTags: ['AdminCalls'],
    }),
    endAdminCall: build.mutation<RouteAnswer<typeof adminCallRoutes.end>, string>({
      query: (id) => routeRequest(adminCallRoutes.end, { params: { id } }),
      invalidatesTags: (result, error) => {
        if (result) return ['AdminCalls', 'AdminAudit'];
        return isApiError(error) && error.status === 409 ? ['AdminCalls'] : [];
      },
    }),
  }),
});

export const { useListAdminCallsQuery, useEndAdminCallMutation } = adminCallsApi;
