import type {
  AcceptConfig,
  EarningList,
  Invoice,
  List,
  OpaqueData,
  Payment,
  PurchaseRequest,
  PurchaseResult,
  SavedCard,
  TokenPackage,
  WalletEntry,
} from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { balanceChanged } from '../../../shared/socket/walletBalance';

export type PageArgs = { limit: number; skip: number };

/** Saved cards come back as a list; a bare array is read the same way. */
function asList<T>(answer: List<T> | T[] | null): List<T> {
  if (Array.isArray(answer)) return { items: answer, count: answer.length };
  return answer ?? { items: [], count: 0 };
}

const tokensBase = baseApi.enhanceEndpoints({
  addTagTypes: ['TokenPackages', 'Wallet', 'WalletEntries', 'Payments', 'Invoices', 'SavedCards', 'Earnings'],
});

/** Buying tokens, the wallet statement, invoices and (for models) earnings. Amounts: hundredths; prices: cents. */
export const tokensApi = tokensBase.injectEndpoints({
  endpoints: (build) => ({
    listPackages: build.query<List<TokenPackage>, void>({
      query: () => '/token-package',
      providesTags: ['TokenPackages'],
    }),
    /** What the browser needs to turn a card into a one-time nonce (script address and public keys). */
    getAcceptConfig: build.query<AcceptConfig, void>({
      query: () => ({ url: '/payment/authorizenet/token', method: 'POST' }),
    }),
    purchase: build.mutation<PurchaseResult, PurchaseRequest>({
      query: (body) => ({ url: '/payment/transactions/request', method: 'POST', body }),
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

    getWallet: build.query<{ balance: number }, void>({
      query: () => '/wallet',
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
    listEntries: build.query<List<WalletEntry>, PageArgs>({
      query: (params) => ({ url: '/wallet/entries', params }),
      providesTags: ['WalletEntries'],
    }),
    listPayments: build.query<List<Payment>, PageArgs>({
      query: (params) => ({ url: '/payment/transactions', params }),
      providesTags: ['Payments'],
    }),
    listInvoices: build.query<List<Invoice>, PageArgs>({
      query: (params) => ({ url: '/invoice', params }),
      providesTags: ['Invoices'],
    }),
    getInvoice: build.query<Invoice, string>({
      query: (id) => `/invoice/${encodeURIComponent(id)}`,
      providesTags: ['Invoices'],
    }),
    listEarnings: build.query<EarningList, PageArgs>({
      query: (params) => ({ url: '/earning', params }),
      providesTags: ['Earnings'],
    }),

    listSavedCards: build.query<List<SavedCard>, void>({
      query: () => '/payment/authorizenet/customer-profile',
      transformResponse: (answer: List<SavedCard> | SavedCard[] | null) => asList(answer),
      providesTags: ['SavedCards'],
    }),
    saveCard: build.mutation<SavedCard, { opaqueData: OpaqueData }>({
      query: (body) => ({ url: '/payment/authorizenet/customer-profile', method: 'POST', body }),
      invalidatesTags: ['SavedCards'],
    }),
    removeCard: build.mutation<null, string>({
      query: (id) => ({ url: `/payment/authorizenet/customer-profile/${encodeURIComponent(id)}`, method: 'DELETE' }),
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
} = tokensApi;

export const MONEY_PAGE_SIZE = 20;
