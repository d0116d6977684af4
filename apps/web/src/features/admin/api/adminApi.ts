import {
  accountAdminRoutes,
  auditRoutes,
  menuRoutes,
  outboxRoutes,
  packageRoutes,
  paymentRoutes,
  settingsRoutes,
  walletRoutes,
  type Payment,
  type RouteAnswer,
} from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';

export type ModelsFilter = 'pending' | 'approved' | 'refused' | 'all';
export type PageArgs = { limit: number; skip: number };
export type PaymentsFilter = Payment['status'] | 'all';
/** A package as the API takes it: `tokens` in tokens, the price in cents (docs/product.md#units). */
export type PackageInput = RouteBody<typeof packageRoutes.create>;
export type PackageChanges = RouteBody<typeof packageRoutes.update>;
/** `amount` in tokens, signed. */
export type AdjustBalanceBody = RouteBody<typeof walletRoutes.adjustBalance>;
/** The audit log's filters as the page keeps them; an empty one is left out of the request. */
export type AuditFilters = { q: string; action: string; from: string; to: string };

type AdminMenuList = RouteAnswer<typeof menuRoutes.adminList>;

/**
 * The admin area's own cache tags. 'SiteConfig' and 'Menu' belong to the shell (shared/site/siteApi):
 * invalidating them after a change makes the favicon, site name, footer content and footer menus
 * follow without a reload. 'AdminAudit' is the audit log: every administrator action that succeeds
 * writes a row there, so each such mutation (here and in the other admin APIs) invalidates it.
 */
const adminBase = baseApi.enhanceEndpoints({
  addTagTypes: [
    'AdminModels',
    'AdminUsers',
    'AdminSettings',
    'AdminMenus',
    'AdminOutbox',
    'AdminPackages',
    'AdminPayments',
    'AdminInvoices',
    'AdminEntries',
    'AdminAudit',
    // The members' own package list (features/wallet): a change shows on /tokens without a reload.
    'TokenPackages',
  ],
});

export const adminApi = adminBase.injectEndpoints({
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

    // ---- settings ----------------------------------------------------------------------------
    getSettings: build.query<RouteAnswer<typeof settingsRoutes.get>, void>({
      query: () => routeRequest(settingsRoutes.get),
      providesTags: ['AdminSettings'],
    }),
    updateSettings: build.mutation<RouteAnswer<typeof settingsRoutes.update>, RouteBody<typeof settingsRoutes.update>>({
      query: (body) => routeRequest(settingsRoutes.update, { body }),
      // The answer is the whole, saved settings object: store it instead of asking again.
      onQueryStarted: async (_input, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig', 'AdminAudit'] : []),
    }),
    uploadFavicon: build.mutation<RouteAnswer<typeof settingsRoutes.uploadFavicon>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return routeRequest(settingsRoutes.uploadFavicon, { body });
      },
      onQueryStarted: async (_file, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig', 'AdminAudit'] : []),
    }),

    // ---- menus -------------------------------------------------------------------------------
    // Every section at once: the list is short, and it tells us which sections exist.
    listMenus: build.query<AdminMenuList, void>({
      query: () => routeRequest(menuRoutes.adminList),
      providesTags: ['AdminMenus'],
    }),
    createMenu: build.mutation<RouteAnswer<typeof menuRoutes.create>, RouteBody<typeof menuRoutes.create>>({
      query: (body) => routeRequest(menuRoutes.create, { body }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu', 'AdminAudit'] : []),
    }),
    updateMenu: build.mutation<RouteAnswer<typeof menuRoutes.update>, { id: string; changes: RouteBody<typeof menuRoutes.update> }>({
      query: ({ id, changes }) => routeRequest(menuRoutes.update, { params: { id }, body: changes }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu', 'AdminAudit'] : []),
    }),
    deleteMenu: build.mutation<null, string>({
      query: (id) => routeRequest(menuRoutes.remove, { params: { id } }),
      invalidatesTags: ['AdminMenus', 'Menu', 'AdminAudit'],
    }),
    reorderMenus: build.mutation<RouteAnswer<typeof menuRoutes.reorder>, RouteBody<typeof menuRoutes.reorder>>({
      query: (body) => routeRequest(menuRoutes.reorder, { body }),
      // The answer is the section in its new order: put it in the list at once, so the next move
      // starts from the order on screen rather than waiting for a refetch.
      onQueryStarted: async ({ section }, { dispatch, queryFulfilled }): Promise<void> => {
        // On failure the page reports it; the list keeps the order the server still has.
        const saved = await settled(queryFulfilled);
        if (!saved) return;
        dispatch(
          adminApi.util.updateQueryData('listMenus', undefined, (draft: AdminMenuList) => {
            draft.items = [...draft.items.filter((item) => item.section !== section), ...saved.items];
          }),
        );
      },
      invalidatesTags: (result) => (result ? ['Menu', 'AdminAudit'] : []),
    }),

    // ---- mail outbox -------------------------------------------------------------------------
    listOutbox: build.query<RouteAnswer<typeof outboxRoutes.list>, PageArgs>({
      query: (query) => routeRequest(outboxRoutes.list, { query }),
      providesTags: ['AdminOutbox'],
    }),

    // ---- audit log -----------------------------------------------------------------------------
    listAudit: build.query<RouteAnswer<typeof auditRoutes.list>, PageArgs & AuditFilters>({
      query: (query) => routeRequest(auditRoutes.list, { query }),
      providesTags: ['AdminAudit'],
    }),

    // ---- token packages (tokens in tokens, prices in cents) ------------------------------------
    listTokenPackages: build.query<RouteAnswer<typeof packageRoutes.all>, void>({
      query: () => routeRequest(packageRoutes.all),
      providesTags: ['AdminPackages'],
    }),
    createTokenPackage: build.mutation<RouteAnswer<typeof packageRoutes.create>, PackageInput>({
      query: (body) => routeRequest(packageRoutes.create, { body }),
      invalidatesTags: (result) => (result ? ['AdminPackages', 'TokenPackages', 'AdminAudit'] : []),
    }),
    updateTokenPackage: build.mutation<RouteAnswer<typeof packageRoutes.update>, { id: string; changes: PackageChanges }>({
      query: ({ id, changes }) => routeRequest(packageRoutes.update, { params: { id }, body: changes }),
      invalidatesTags: (result) => (result ? ['AdminPackages', 'TokenPackages', 'AdminAudit'] : []),
    }),
    /** Retires a package: it leaves the shop but stays on the payments made with it. */
    retireTokenPackage: build.mutation<null, string>({
      query: (id) => routeRequest(packageRoutes.retire, { params: { id } }),
      invalidatesTags: ['AdminPackages', 'TokenPackages', 'AdminAudit'],
    }),

    // ---- payments, invoices, balances ----------------------------------------------------------
    listAdminPayments: build.query<RouteAnswer<typeof paymentRoutes.adminPayments>, PageArgs & { status: PaymentsFilter }>({
      query: ({ status, ...page }) =>
        routeRequest(paymentRoutes.adminPayments, { query: { ...page, ...(status === 'all' ? {} : { status }) } }),
      providesTags: ['AdminPayments'],
    }),
    listAdminInvoices: build.query<RouteAnswer<typeof paymentRoutes.adminInvoices>, PageArgs>({
      query: (query) => routeRequest(paymentRoutes.adminInvoices, { query }),
      providesTags: ['AdminInvoices'],
    }),
    adjustBalance: build.mutation<RouteAnswer<typeof walletRoutes.adjustBalance>, { id: string; input: AdjustBalanceBody }>({
      query: ({ id, input }) => routeRequest(walletRoutes.adjustBalance, { params: { id }, body: input }),
      invalidatesTags: (result) => (result ? ['AdminUsers', 'AdminEntries', 'AdminAudit'] : []),
    }),
    listUserEntries: build.query<RouteAnswer<typeof walletRoutes.memberStatement>, PageArgs & { id: string }>({
      query: ({ id, ...query }) => routeRequest(walletRoutes.memberStatement, { params: { id }, query }),
      providesTags: ['AdminEntries'],
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

/** What a mutation answered, or null when it failed (the caller reports failures itself). */
async function settled<T>(queryFulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await queryFulfilled).data;
  } catch {
    return null;
  }
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
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useUploadFaviconMutation,
  useListMenusQuery,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useDeleteMenuMutation,
  useReorderMenusMutation,
  useListOutboxQuery,
  useListAuditQuery,
  useListTokenPackagesQuery,
  useCreateTokenPackageMutation,
  useUpdateTokenPackageMutation,
  useRetireTokenPackageMutation,
  useListAdminPaymentsQuery,
  useListAdminInvoicesQuery,
  useAdjustBalanceMutation,
  useListUserEntriesQuery,
} = adminApi;

export const PAGE_SIZE = 20;
