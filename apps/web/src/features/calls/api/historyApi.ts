import { callRoutes as routes, type Me, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { userUpdated } from '../../../shared/auth/authSlice';
import type { AppDispatch, RootState } from '../../../shared/store/hooks';

/** Calls listed per page of the history (the spec's default, docs/product.md#calls). */
export const CALL_HISTORY_PAGE_SIZE = 20;

export type CallHistoryPage = { limit: number; skip: number };
export type CallSettings = RouteAnswer<typeof routes.settings>;
export type CallSettingsChange = RouteBody<typeof routes.updateSettings>;

const historyBase = baseApi.enhanceEndpoints({ addTagTypes: ['CallHistory', 'CallSettings'] });

/**
 * Call history, one call's receipt, and a model's call settings, through the route table.
 * Amounts are tokens, as the API sends them (docs/product.md#units).
 */
export const historyApi = historyBase.injectEndpoints({
  endpoints: (build) => ({
    /** GET /masked-call/history: both directions, newest first; `count` is the total. */
    listCallHistory: build.query<RouteAnswer<typeof routes.history>, CallHistoryPage>({
      query: (page) => routeRequest(routes.history, { query: page }),
      providesTags: ['CallHistory'],
    }),
    /** GET /masked-call/status/{id}: one call as it stands, for its receipt. */
    getCallReceipt: build.query<RouteAnswer<typeof routes.status>, string>({
      query: (id) => routeRequest(routes.status, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'CallHistory', id }],
    }),
    getCallSettings: build.query<CallSettings, void>({
      query: () => routeRequest(routes.settings),
      providesTags: ['CallSettings'],
    }),
    /** PUT /masked-call/settings: availability or the phone number (one field at a time from the page). */
    updateCallSettings: build.mutation<CallSettings, CallSettingsChange>({
      query: (body) => routeRequest(routes.updateSettings, { body }),
      onQueryStarted: async (_body, { dispatch, queryFulfilled, getState }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) settingsSaved(answer.data, dispatch, getState as () => RootState);
      },
    }),
    /** PUT /masked-call/rate: the spec's route for the rate, in tokens per minute. */
    updateCallRate: build.mutation<CallSettings, RouteBody<typeof routes.setRate>>({
      query: (body) => routeRequest(routes.setRate, { body }),
      onQueryStarted: async (_body, { dispatch, queryFulfilled, getState }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) settingsSaved(answer.data, dispatch, getState as () => RootState);
      },
    }),
  }),
});

export const {
  useListCallHistoryQuery,
  useGetCallReceiptQuery,
  useGetCallSettingsQuery,
  useUpdateCallSettingsMutation,
  useUpdateCallRateMutation,
} = historyApi;

/**
 * Saved settings replace the cached ones, and the signed-in model's own copy follows them, so the
 * dashboard and her profile show the new rate and availability without a reload.
 */
function settingsSaved(data: CallSettings, dispatch: AppDispatch, getState: () => RootState) {
  dispatch(historyApi.util.upsertQueryData('getCallSettings', undefined, data));
  const me: Me | null = getState().auth.user;
  if (me) dispatch(userUpdated({ ...me, callRate: data.callRate, callAvailable: data.callAvailable }));
}

/** Something about a call changed (it rang, connected, ended): the history and receipts are read again. */
export const refreshCallHistory = () => historyApi.util.invalidateTags(['CallHistory']);
