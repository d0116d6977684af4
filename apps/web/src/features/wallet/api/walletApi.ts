import { packageRoutes, paymentRoutes, walletRoutes, type EarningPeriod, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { balanceChanged } from '../../../shared/socket/walletBalance';

export type PageArgs = { limit: number; skip: number };
export type EarningSource = 'message' | 'tip' | 'item' | 'call';
/** A page of earnings, narrowed to one source or not, with `byPeriod` grouped by `period`. */
export type EarningsArgs = PageArgs & { source: EarningSource | ''; period: EarningPeriod };
export type PurchaseBody = RouteBody<typeof paymentRoutes.purchase>;

const walletBase = baseApi.enhanceEndpoints({
  addTagTypes: ['TokenPackages', 'Wallet', 'WalletEntries', 'Payments', 'Invoices', 'SavedCards', 'Earnings'],
});

/**
 * Buying tokens, the wallet statement, invoices and (for models) earnings, through the route table.
 * Token amounts are tokens (docs/product.md#units); US prices are `priceCents` / `amountCents`.
 */
export const walletApi = walletBase.injectEndpoints({
  endpoints: (build) => ({
    listPackages: build.query<RouteAnswer<typeof packageRoutes.onSale>, void>({
      query: () => routeRequest(packageRoutes.onSale),
      providesTags: ['TokenPackages'],
    }),
    /** What the browser needs to turn a card into a one-time nonce (script address and public keys). */
    getAcceptConfig: build.query<RouteAnswer<typeof paymentRoutes.acceptConfig>, void>({
      query: () => routeRequest(paymentRoutes.acceptConfig),
    }),
    purchase: build.mutation<RouteAnswer<typeof paymentRoutes.purchase>, PurchaseBody>({
      query: (body) => routeRequest(paymentRoutes.purchase, { body }),
      // The answer carries the new balance: the chip follows without waiting for the socket.
      onQueryStarted: async (_request, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(balanceChanged(data.balance));
        } catch {
          // The checkout shows the refusal.
        }
      },
      invalidatesTags: (_result, error) => (error?.status === 0 ? [] : ['Payments', 'Invoices', 'WalletEntries', 'SavedCards', 'Wallet']),
    }),

    getWallet: build.query<RouteAnswer<typeof walletRoutes.balance>, void>({
      query: () => routeRequest(walletRoutes.balance),
      providesTags: ['Wallet'],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(balanceChanged(data.balance));
        } catch {
          // The cached member's balance stays.
        }
      },
    }),
    listEntries: build.query<RouteAnswer<typeof walletRoutes.statement>, PageArgs>({
      query: (query) => routeRequest(walletRoutes.statement, { query }),
      providesTags: ['WalletEntries'],
    }),
    listPayments: build.query<RouteAnswer<typeof paymentRoutes.history>, PageArgs>({
      query: (query) => routeRequest(paymentRoutes.history, { query }),
      providesTags: ['Payments'],
    }),
    listInvoices: build.query<RouteAnswer<typeof paymentRoutes.invoices>, PageArgs>({
      query: (query) => routeRequest(paymentRoutes.invoices, { query }),
      providesTags: ['Invoices'],
    }),
    getInvoice: build.query<RouteAnswer<typeof paymentRoutes.invoice>, string>({
      query: (id) => routeRequest(paymentRoutes.invoice, { params: { id } }),
      providesTags: ['Invoices'],
    }),
    listEarnings: build.query<RouteAnswer<typeof walletRoutes.earnings>, EarningsArgs>({
      // An empty `source` is dropped from the query string (docs/product.md#client-rules): every source.
      query: (query) => routeRequest(walletRoutes.earnings, { query }),
      providesTags: ['Earnings'],
    }),

    listSavedCards: build.query<RouteAnswer<typeof paymentRoutes.savedCards>, void>({
      query: () => routeRequest(paymentRoutes.savedCards),
      providesTags: ['SavedCards'],
    }),
    saveCard: build.mutation<RouteAnswer<typeof paymentRoutes.saveCard>, RouteBody<typeof paymentRoutes.saveCard>>({
      query: (body) => routeRequest(paymentRoutes.saveCard, { body }),
      invalidatesTags: ['SavedCards'],
    }),
    removeCard: build.mutation<null, string>({
      query: (id) => routeRequest(paymentRoutes.removeCard, { params: { id } }),
      invalidatesTags: ['SavedCards'],
    }),
  }),
});

export const {
  useListPackagesQuery,
  useGetAcceptConfigQuery,
  useLazyGetAcceptConfigQuery,
  usePurchaseMutation,
  useGetWalletQuery,
  useListEntriesQuery,
  useListPaymentsQuery,
  useListInvoicesQuery,
  useGetInvoiceQuery,
  useListEarningsQuery,
  useListSavedCardsQuery,
  useSaveCardMutation,
  useRemoveCardMutation,
} = walletApi;

export const MONEY_PAGE_SIZE = 20;
