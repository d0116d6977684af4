import type {
  AdjustBalanceInput,
  AdminMenuItem,
  AdminModelRow,
  AdminPayment,
  Invoice,
  Payment,
  TokenPackage,
  TokenPackageInput,
  WalletEntry,
  AdminUserRow,
  List,
  MenuInput,
  MenuUpdateInput,
  OutboxRow,
  ReorderMenusInput,
  Settings,
  UpdateSettingsInput,
} from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';

export type ModelsFilter = 'pending' | 'approved' | 'refused' | 'all';
export type PageArgs = { limit: number; skip: number };
export type PaymentsFilter = Payment['status'] | 'all';
export type PackageChanges = Partial<TokenPackageInput>;

/**
 * The admin area's own cache tags. 'SiteConfig' and 'Menu' belong to the shell (shared/site/siteApi):
 * invalidating them after a change makes the favicon, site name, footer content and footer menus
 * follow without a reload.
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
    // The members' own package list (features/tokens): a change shows on /tokens without a reload.
    'TokenPackages',
  ],
});

export const adminApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    // ---- models ------------------------------------------------------------------------------
    listModels: build.query<List<AdminModelRow>, PageArgs & { status: ModelsFilter }>({
      query: (params) => ({ url: '/admin/models', params }),
      providesTags: ['AdminModels'],
    }),
    approveModel: build.mutation<AdminModelRow, string>({
      query: (id) => ({ url: `/admin/models/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      invalidatesTags: ['AdminModels', 'AdminUsers'],
    }),
    refuseModel: build.mutation<AdminModelRow, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/models/${encodeURIComponent(id)}/refuse`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminModels', 'AdminUsers'],
    }),

    // ---- members -----------------------------------------------------------------------------
    listUsers: build.query<List<AdminUserRow>, PageArgs & { q: string }>({
      query: (params) => ({ url: '/admin/users', params }),
      providesTags: ['AdminUsers'],
    }),
    suspendUser: build.mutation<AdminUserRow, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}/suspend`, method: 'POST' }),
      invalidatesTags: ['AdminUsers', 'AdminModels'],
    }),
    reactivateUser: build.mutation<AdminUserRow, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}/reactivate`, method: 'POST' }),
      invalidatesTags: ['AdminUsers', 'AdminModels'],
    }),

    // ---- settings ----------------------------------------------------------------------------
    getSettings: build.query<Settings, void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    updateSettings: build.mutation<Settings, UpdateSettingsInput>({
      query: (body) => ({ url: '/admin/settings', method: 'PUT', body }),
      // The answer is the whole, saved settings object: store it instead of asking again.
      onQueryStarted: async (_input, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig'] : []),
    }),
    uploadFavicon: build.mutation<Settings, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/admin/settings/favicon', method: 'POST', body };
      },
      onQueryStarted: async (_file, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig'] : []),
    }),

    // ---- menus -------------------------------------------------------------------------------
    // Every section at once: the list is short, and it tells us which sections exist.
    listMenus: build.query<List<AdminMenuItem>, void>({
      query: () => '/admin/menus',
      providesTags: ['AdminMenus'],
    }),
    createMenu: build.mutation<AdminMenuItem, MenuInput>({
      query: (body) => ({ url: '/admin/menus', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu'] : []),
    }),
    updateMenu: build.mutation<AdminMenuItem, { id: string; changes: MenuUpdateInput }>({
      query: ({ id, changes }) => ({ url: `/admin/menus/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu'] : []),
    }),
    deleteMenu: build.mutation<null, string>({
      query: (id) => ({ url: `/admin/menus/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminMenus', 'Menu'],
    }),
    reorderMenus: build.mutation<List<AdminMenuItem>, ReorderMenusInput>({
      query: (body) => ({ url: '/admin/menus/reorder', method: 'PUT', body }),
      // The answer is the section in its new order: put it in the list at once, so the next move
      // starts from the order on screen rather than waiting for a refetch.
      onQueryStarted: async ({ section }, { dispatch, queryFulfilled }): Promise<void> => {
        // On failure the page reports it; the list keeps the order the server still has.
        const saved = await settled(queryFulfilled);
        if (!saved) return;
        dispatch(
          adminApi.util.updateQueryData('listMenus', undefined, (draft: List<AdminMenuItem>) => {
            draft.items = [...draft.items.filter((item) => item.section !== section), ...saved.items];
          }),
        );
      },
      invalidatesTags: (result) => (result ? ['Menu'] : []),
    }),

    // ---- mail outbox -------------------------------------------------------------------------
    listOutbox: build.query<List<OutboxRow>, PageArgs>({
      query: (params) => ({ url: '/admin/outbox', params }),
      providesTags: ['AdminOutbox'],
    }),

    // ---- token packages ----------------------------------------------------------------------
    listTokenPackages: build.query<List<TokenPackage>, void>({
      query: () => '/admin/token-packages',
      providesTags: ['AdminPackages'],
    }),
    createTokenPackage: build.mutation<TokenPackage, TokenPackageInput>({
      query: (body) => ({ url: '/admin/token-packages', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['AdminPackages', 'TokenPackages'] : []),
    }),
    updateTokenPackage: build.mutation<TokenPackage, { id: string; changes: PackageChanges }>({
      query: ({ id, changes }) => ({ url: `/admin/token-packages/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (result) => (result ? ['AdminPackages', 'TokenPackages'] : []),
    }),
    /** Retires a package: it leaves the shop but stays on the payments made with it. */
    retireTokenPackage: build.mutation<null, string>({
      query: (id) => ({ url: `/admin/token-packages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminPackages', 'TokenPackages'],
    }),

    // ---- payments, invoices, balances ----------------------------------------------------------
    listAdminPayments: build.query<List<AdminPayment>, PageArgs & { status: PaymentsFilter }>({
      query: ({ status, ...page }) => ({ url: '/admin/payments', params: { ...page, status: status === 'all' ? undefined : status } }),
      providesTags: ['AdminPayments'],
    }),
    listAdminInvoices: build.query<List<Invoice>, PageArgs>({
      query: (params) => ({ url: '/admin/invoices', params }),
      providesTags: ['AdminInvoices'],
    }),
    adjustBalance: build.mutation<{ balance: number }, { id: string; input: AdjustBalanceInput }>({
      query: ({ id, input }) => ({ url: `/admin/users/${encodeURIComponent(id)}/adjust-balance`, method: 'POST', body: input }),
      invalidatesTags: (result) => (result ? ['AdminUsers', 'AdminEntries'] : []),
    }),
    listUserEntries: build.query<List<WalletEntry>, PageArgs & { id: string }>({
      query: ({ id, ...params }) => ({ url: `/admin/users/${encodeURIComponent(id)}/entries`, params }),
      providesTags: ['AdminEntries'],
    }),
  }),
});

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
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useUploadFaviconMutation,
  useListMenusQuery,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useDeleteMenuMutation,
  useReorderMenusMutation,
  useListOutboxQuery,
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
