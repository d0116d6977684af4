import { itemsRoutes, type ItemPurchaseResult, type PurchaseItem, type RouteAnswer } from '@cc/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/baseApi';
import { isApiError } from '../../../shared/api/apiError';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { balanceChanged } from '../../../shared/socket/walletBalance';
import type { RootState } from '../../../shared/store/hooks';
import { purchaseAdded, purchaseRemoved, sellItemPurchased } from '../lib/itemLists';

export type PageArgs = { limit: number; skip: number };
export type ModelItemsArgs = PageArgs & { modelId: string };
export type CreateItemBody = RouteBody<typeof itemsRoutes.create>;
export type UpdateItemArgs = { id: string; body: RouteBody<typeof itemsRoutes.update> };
/** `price` is the price the buyer saw, in tokens (docs/product.md#ledger). */
export type PurchaseBody = RouteBody<typeof itemsRoutes.purchase>;

/** A model's store is a public page: a signed-out visitor's 401 shows there, it does not go to the login page. */
const publicRead = { on401: 'return' as const };

const marketplaceBase = baseApi.enhanceEndpoints({ addTagTypes: ['SellItem', 'Purchase'] });

type CacheDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/**
 * Items on sale, purchases and their downloads (docs/product.md#marketplace), through the route
 * table. Prices are tokens (docs/product.md#units).
 */
export const marketplaceApi = marketplaceBase.injectEndpoints({
  endpoints: (build) => ({
    /** GET /sell-item/me — the model's own items with how often each sold. */
    listMyItems: build.query<RouteAnswer<typeof itemsRoutes.mine>, PageArgs>({
      query: (page) => routeRequest(itemsRoutes.mine, { query: page }),
      providesTags: ['SellItem'],
    }),
    /** GET /sell-item/model?modelId= — one model's items, with the viewer's own purchases marked. */
    listModelItems: build.query<RouteAnswer<typeof itemsRoutes.ofModel>, ModelItemsArgs>({
      query: (args) => routeRequest(itemsRoutes.ofModel, { query: args }),
      extraOptions: publicRead,
      providesTags: ['SellItem'],
    }),
    createItem: build.mutation<RouteAnswer<typeof itemsRoutes.create>, CreateItemBody>({
      query: (body) => routeRequest(itemsRoutes.create, { body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SellItem']),
    }),
    updateItem: build.mutation<RouteAnswer<typeof itemsRoutes.update>, UpdateItemArgs>({
      query: ({ id, body }) => routeRequest(itemsRoutes.update, { params: { id }, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SellItem']),
    }),
    removeItem: build.mutation<null, string>({
      query: (id) => routeRequest(itemsRoutes.remove, { params: { id } }),
      invalidatesTags: (_result, error) => (error ? [] : ['SellItem']),
    }),

    listPurchases: build.query<RouteAnswer<typeof itemsRoutes.purchases>, PageArgs>({
      query: (page) => routeRequest(itemsRoutes.purchases, { query: page }),
      providesTags: ['Purchase'],
    }),
    /**
     * POST /purchase-item. On success the purchase joins the buyer's purchases, the item becomes
     * `isPurchased` where it is listed (spec section 4) and the balance chip takes the answer's
     * balance. A refusal the server gave (price changed, already bought, gone) re-reads the items,
     * so the page shows what is true now.
     */
    purchaseItem: build.mutation<ItemPurchaseResult, PurchaseBody>({
      query: (body) => routeRequest(itemsRoutes.purchase, { body }),
      onQueryStarted: async (_body, { dispatch, queryFulfilled, getState }): Promise<void> => {
        try {
          const { data } = await queryFulfilled;
          const { balance, ...purchase } = data;
          dispatch(balanceChanged(balance));
          markPurchased(dispatch, getState() as RootState, purchase);
          addPurchase(dispatch, getState() as RootState, purchase);
        } catch (failure) {
          const error = (failure as { error?: unknown }).error;
          if (isApiError(error) && error.status !== 0) dispatch(marketplaceApi.util.invalidateTags(['SellItem']));
        }
      },
    }),
    /** DELETE /purchase-item/{id}: gone from the list at once (spec section 4); the page refills from the server. */
    hidePurchase: build.mutation<null, string>({
      query: (id) => routeRequest(itemsRoutes.hidePurchase, { params: { id } }),
      onQueryStarted: async (id, { dispatch, queryFulfilled, getState }): Promise<void> => {
        try {
          await queryFulfilled;
          for (const args of marketplaceApi.util.selectCachedArgsForQuery(getState() as RootState, 'listPurchases')) {
            dispatch(marketplaceApi.util.updateQueryData('listPurchases', args, (list) => purchaseRemoved(list, id)));
          }
        } catch {
          // The dialog shows the refusal.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Purchase']),
    }),
  }),
});

function markPurchased(dispatch: CacheDispatch, state: RootState, purchase: PurchaseItem) {
  for (const args of marketplaceApi.util.selectCachedArgsForQuery(state, 'listModelItems')) {
    dispatch(marketplaceApi.util.updateQueryData('listModelItems', args, (list) => sellItemPurchased(list, purchase)));
  }
}

function addPurchase(dispatch: CacheDispatch, state: RootState, purchase: PurchaseItem) {
  for (const args of marketplaceApi.util.selectCachedArgsForQuery(state, 'listPurchases')) {
    dispatch(marketplaceApi.util.updateQueryData('listPurchases', args, (list) => purchaseAdded(list, purchase, args.skip === 0)));
  }
}

export const {
  useListMyItemsQuery,
  useListModelItemsQuery,
  useCreateItemMutation,
  useUpdateItemMutation,
  useRemoveItemMutation,
  useListPurchasesQuery,
  usePurchaseItemMutation,
  useHidePurchaseMutation,
} = marketplaceApi;

export const STORE_PAGE_SIZE = 24;
