import { adminItemRoutes, type RouteAnswer, type SellItemStatus } from '@cc/contracts';
import { isApiError } from '../../../../shared/api/apiError';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type ItemsFilter = SellItemStatus | 'all';
export type ItemsArgs = { status: ItemsFilter; q: string; limit: number; skip: number };

/**
 * Administrators' sell items (docs/product.md#marketplace): every model's items by status, and
 * hiding one from the store or putting it back. 'SellItem' is the store's own tag (features/marketplace),
 * so a store page open in this tab follows; 'AdminAudit' is the audit log (adminApi), where each
 * hide and restore writes a row.
 */
const adminItemsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminItems', 'SellItem', 'AdminAudit'] });

/**
 * A change went through: the list, the store and the log. A 409 (already hidden, removed by its
 * model) means the row on screen is out of date, so the list is read again; a lost answer changes
 * nothing known.
 */
function changed(result: unknown, error: unknown): ('AdminItems' | 'SellItem' | 'AdminAudit')[] {
  if (result) return ['AdminItems', 'SellItem', 'AdminAudit'];
  return isApiError(error) && error.status === 409 ? ['AdminItems'] : [];
}

export const adminItemsApi = adminItemsBase.injectEndpoints({
  endpoints: (build) => ({
    listAdminItems: build.query<RouteAnswer<typeof adminItemRoutes.list>, ItemsArgs>({
      query: ({ status, q, ...page }) =>
        routeRequest(adminItemRoutes.list, { query: { ...page, ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}) } }),
      providesTags: ['AdminItems'],
    }),
    hideSellItem: build.mutation<RouteAnswer<typeof adminItemRoutes.hide>, { id: string; reason: string }>({
      query: ({ id, reason }) => routeRequest(adminItemRoutes.hide, { params: { id }, body: { reason } }),
      invalidatesTags: changed,
    }),
    restoreSellItem: build.mutation<RouteAnswer<typeof adminItemRoutes.restore>, string>({
      query: (id) => routeRequest(adminItemRoutes.restore, { params: { id } }),
      invalidatesTags: changed,
    }),
  }),
});

export const { useListAdminItemsQuery, useHideSellItemMutation, useRestoreSellItemMutation } = adminItemsApi;
