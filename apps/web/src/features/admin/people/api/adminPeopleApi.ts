import { accountAdminRoutes, type RouteAnswer } from '@cc/contracts';
import { isApiError } from '../../../../shared/api/apiError';
import { routeRequest } from '../../../../shared/api/routeRequest';
import { adminBase, type PageArgs } from '../../shared/api/adminApi';

export type ModelsFilter = 'pending' | 'approved' | 'refused' | 'all';

/** Models' review and members' accounts and roles. */
export const adminPeopleApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    // ---- models ------------------------------------------------------------------------------
    listModels: build.query<RouteAnswer<typeof accountAdminRoutes.models>, PageArgs & { status: ModelsFilter }>({
      query: (query) => routeRequest(accountAdminRoutes.models, { query }),
      providesTags: ['AdminModels'],
    }),
    approveModel: build.mutation<RouteAnswer<typeof accountAdminRoutes.approveModel>, string>({
      query: (id) => routeRequest(accountAdminRoutes.approveModel, { params: { id } }),
      invalidatesTags: ['AdminModels', 'AdminUsers', 'AdminAudit'],
    }),
    refuseModel: build.mutation<RouteAnswer<typeof accountAdminRoutes.refuseModel>, { id: string; reason: string }>({
      query: ({ id, reason }) => routeRequest(accountAdminRoutes.refuseModel, { params: { id }, body: { reason } }),
      invalidatesTags: ['AdminModels', 'AdminUsers', 'AdminAudit'],
    }),
    // ---- members (balances in tokens) --------------------------------------------------------
    listUsers: build.query<RouteAnswer<typeof accountAdminRoutes.users>, PageArgs & { q: string }>({
      query: (query) => routeRequest(accountAdminRoutes.users, { query }),
      providesTags: ['AdminUsers'],
    }),
    suspendUser: build.mutation<RouteAnswer<typeof accountAdminRoutes.suspendUser>, string>({
      query: (id) => routeRequest(accountAdminRoutes.suspendUser, { params: { id } }),
      invalidatesTags: ['AdminUsers', 'AdminModels', 'AdminAudit'],
    }),
    reactivateUser: build.mutation<RouteAnswer<typeof accountAdminRoutes.reactivateUser>, string>({
      query: (id) => routeRequest(accountAdminRoutes.reactivateUser, { params: { id } }),
      invalidatesTags: ['AdminUsers', 'AdminModels', 'AdminAudit'],
    }),
    makeAdmin: build.mutation<RouteAnswer<typeof accountAdminRoutes.makeAdmin>, string>({
      query: (id) => routeRequest(accountAdminRoutes.makeAdmin, { params: { id } }),
      invalidatesTags: roleChanged,
    }),
    removeAdmin: build.mutation<RouteAnswer<typeof accountAdminRoutes.removeAdmin>, string>({
      query: (id) => routeRequest(accountAdminRoutes.removeAdmin, { params: { id } }),
      invalidatesTags: roleChanged,
    }),
  }),
});

/**
 * After a role change: the list and the log. A 409 (already an administrator, the last one) means
 * the list on screen is out of date, so it is read again; a lost answer changes nothing known.
 */
function roleChanged(result: unknown, error: unknown): ('AdminUsers' | 'AdminAudit')[] {
  if (result) return ['AdminUsers', 'AdminAudit'];
  return isApiError(error) && error.status === 409 ? ['AdminUsers'] : [];
}

export const {
  useListModelsQuery,
  useApproveModelMutation,
  useRefuseModelMutation,
  useListUsersQuery,
  useSuspendUserMutation,
  useReactivateUserMutation,
  useMakeAdminMutation,
  useRemoveAdminMutation,
} = adminPeopleApi;
