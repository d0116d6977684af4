import { conversationRoutes, itemsRoutes, walletRoutes, type Earning, type EarningTotals, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';

/** The largest page the API gives (docs/product.md#limits). */
const PAGE = 100;
/** Enough pages for a busy fortnight; past that the chart says it shows the latest sales only. */
const MOST_PAGES = 10;

export type RecentEarnings = {
  /** Sales since `since`, newest first (refund rows are negative). */
  items: Earning[];
  /** What the model earned over all time. */
  totals: EarningTotals;
  /** False when more sales happened in the window than were read. */
  complete: boolean;
};

/** The dashboard's own reads, through existing routes: a model's recent earnings and waiting conversations. */
const homeApi = baseApi.enhanceEndpoints({ addTagTypes: ['Earnings', 'Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    recentEarnings: build.query<RecentEarnings, { since: string }>({
      // GET /earning pages newest first: read pages until one reaches back past `since`.
      queryFn: async ({ since }, _api, _extra, baseQuery) => {
        const items: Earning[] = [];
        for (let page = 0; ; page++) {
          const answer = await baseQuery(routeRequest(walletRoutes.earnings, { query: { limit: PAGE, skip: page * PAGE } }));
          if (answer.error) return { error: answer.error };
          const list = answer.data as RouteAnswer<typeof walletRoutes.earnings>;
          items.push(...list.items.filter((item) => item.createdAt >= since));
          const reachedBack = list.items.length < PAGE || list.items.some((item) => item.createdAt < since);
          if (reachedBack || page === MOST_PAGES - 1) return { data: { items, totals: list.totals, complete: reachedBack } };
        }
      },
      providesTags: ['Earnings', 'Dashboard'],
    }),
    recentConversations: build.query<RouteAnswer<typeof conversationRoutes.list>, void>({
      query: () => routeRequest(conversationRoutes.list, { query: { limit: 20 } }),
      providesTags: [{ type: 'Conversation', id: 'LIST' }, 'Dashboard'],
    }),
    /** How many items a model has on sale (one row is read; the count says the rest). */
    storeItemCount: build.query<number, void>({
      query: () => routeRequest(itemsRoutes.mine, { query: { limit: 1 } }),
      transformResponse: (answer: RouteAnswer<typeof itemsRoutes.mine>) => answer.count,
      providesTags: ['Dashboard'],
    }),
    unreadTotal: build.query<RouteAnswer<typeof conversationRoutes.totalUnread>, void>({
      query: () => routeRequest(conversationRoutes.totalUnread),
      providesTags: [{ type: 'Conversation', id: 'UNREAD_TOTAL' }, 'Dashboard'],
    }),
  }),
});

export const { useRecentEarningsQuery, useRecentConversationsQuery, useStoreItemCountQuery, useUnreadTotalQuery } = homeApi;

/** Reads the dashboard again (only its own queries: Messages keeps its lists up to date itself). */
export const refreshDashboard = () => homeApi.util.invalidateTags(['Dashboard']);
