import { payoutsRoutes, profileRoutes, walletRoutes, type PayoutRequest, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { balanceChanged } from '../../../shared/socket/walletBalance';

export type PageArgs = { limit: number; skip: number };
type RequestList = RouteAnswer<typeof payoutsRoutes.requests>;

/** Rows per page of the payout history. */
export const PAYOUT_PAGE_SIZE = 20;
const FIRST_PAGE: PageArgs = { limit: PAYOUT_PAGE_SIZE, skip: 0 };

/** The first page of the history, and every later one: a new request lands on the first and shifts the rest. */
const FIRST = { type: 'PayoutRequests', id: 'FIRST' } as const;
const LATER = { type: 'PayoutRequests', id: 'LATER' } as const;

const payoutsBase = baseApi.enhanceEndpoints({ addTagTypes: ['PayoutAccount', 'PayoutRequests'] });

/** Adds a new request at the top of the first page, keeping its size, unless it is already there. */
function prependRequest(draft: RequestList, request: PayoutRequest) {
  if (draft.items.some((item) => item._id === request._id)) return;
  draft.items.unshift(request);
  if (draft.items.length > PAYOUT_PAGE_SIZE) draft.items.pop();
  draft.count += 1;
}

/**
 * A model's payout account and payout requests (docs/product.md#payouts), through the route table.
 * Amounts are tokens (docs/product.md#units).
 */
export const payoutsApi = payoutsBase.injectEndpoints({
  endpoints: (build) => ({
    getPayoutAccount: build.query<RouteAnswer<typeof payoutsRoutes.account>, void>({
      query: () => routeRequest(payoutsRoutes.account),
      providesTags: ['PayoutAccount'],
    }),
    savePayoutAccount: build.mutation<RouteAnswer<typeof payoutsRoutes.saveAccount>, RouteBody<typeof payoutsRoutes.saveAccount>>({
      query: (body) => routeRequest(payoutsRoutes.saveAccount, { body }),
      // The answer is the saved account, masked: show it at once instead of asking again.
      onQueryStarted: async (_body, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(payoutsApi.util.upsertQueryData('getPayoutAccount', undefined, data));
        } catch {
          // The form shows the refusal.
        }
      },
    }),

    listPayoutRequests: build.query<RequestList, PageArgs>({
      query: (query) => routeRequest(payoutsRoutes.requests, { query }),
      providesTags: (_result, _error, args) => [args.skip === 0 ? FIRST : LATER],
    }),
    requestPayout: build.mutation<RouteAnswer<typeof payoutsRoutes.request>, RouteBody<typeof payoutsRoutes.request>>({
      query: (body) => routeRequest(payoutsRoutes.request, { body }),
      // Spec section 4: a payout request is prepended to the list on success. The tokens left the
      // balance, so the balance is read again for the chip (the socket may also bring it).
      onQueryStarted: async (_body, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(payoutsApi.util.updateQueryData('listPayoutRequests', FIRST_PAGE, (draft) => prependRequest(draft, data)));
          void dispatch(payoutsApi.endpoints.getPayoutBalance.initiate(undefined, { forceRefetch: true, subscribe: false }));
        } catch {
          // The form shows the refusal.
        }
      },
      invalidatesTags: (result) => (result ? [LATER] : []),
    }),
    /**
     * E-mails the member a 6-digit code (POST /users/otp/), which a payout request needs; the mail
     * names the amount it confirms (`token`, in tokens).
     */
    requestPayoutCode: build.mutation<RouteAnswer<typeof profileRoutes.accountCode>, { token: number }>({
      query: ({ token }) => routeRequest(profileRoutes.accountCode, { body: { purpose: 'payout', token } }),
    }),
    /** The balance now, into the cached member (the top-bar chip and the available amount follow). */
    getPayoutBalance: build.query<RouteAnswer<typeof walletRoutes.balance>, void>({
      query: () => routeRequest(walletRoutes.balance),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          dispatch(balanceChanged(data.balance));
        } catch {
          // The cached member's balance stays.
        }
      },
    }),
  }),
});

export const {
  useGetPayoutAccountQuery,
  useSavePayoutAccountMutation,
  useListPayoutRequestsQuery,
  useRequestPayoutMutation,
  useRequestPayoutCodeMutation,
  useGetPayoutBalanceQuery,
} = payoutsApi;

/** Reads the history again (a decision arrived as a notification, or the link came back). */
export const refreshPayoutRequests = () => payoutsApi.util.invalidateTags(['PayoutRequests']);
