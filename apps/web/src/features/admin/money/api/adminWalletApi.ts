import { packageRoutes, paymentRoutes, walletRoutes, type Payment, type RouteAnswer } from '@cc/contracts';
import type { RouteBody } from '../../../../shared/api/routeTypes';
import { routeRequest } from '../../../../shared/api/routeRequest';
import { adminBase, type PageArgs } from '../../shared/api/adminApi';

export type PaymentsFilter = Payment['status'] | 'all';
/** A package as the API takes it: `tokens` in tokens, the price in cents (docs/product.md#units). */
export type PackageInput = RouteBody<typeof packageRoutes.create>;
export type PackageChanges = RouteBody<typeof packageRoutes.update>;
/** `amount` in tokens, signed. */
export type AdjustBalanceBody = RouteBody<typeof walletRoutes.adjustBalance>;

/** Token packages, the overview's payments, balance adjustments and a member's statement. */
export const adminWalletApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
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

export const {
  useListTokenPackagesQuery,
  useCreateTokenPackageMutation,
  useUpdateTokenPackageMutation,
  useRetireTokenPackageMutation,
  useListAdminPaymentsQuery,
  useListAdminInvoicesQuery,
  useAdjustBalanceMutation,
  useListUserEntriesQuery,
} = adminWalletApi;
