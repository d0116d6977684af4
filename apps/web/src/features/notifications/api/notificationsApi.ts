import { notificationRoutes as routes, type List, type Notification, type RouteAnswer } from '@cc/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RootState } from '../../../shared/store/hooks';
import { clearUnread, dropRead, isUnreadIn, markManyRead, notificationAdded, type ReadIds } from '../lib/notificationList';

export type NotificationPage = { limit: number; skip: number };
type CacheDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
/** What updateQueryData gives back: a way to take the change back. */
type PatchCollection = { undo: () => void };

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /notifications: newest first; `count` is the total. */
    listNotifications: build.query<RouteAnswer<typeof routes.list>, NotificationPage>({
      query: (page) => routeRequest(routes.list, { query: page }),
      providesTags: ['Notification'],
    }),
    /** GET /notifications/unread/list: unread only; `count` is the total unread. */
    listUnreadNotifications: build.query<RouteAnswer<typeof routes.unreadList>, NotificationPage>({
      query: (page) => routeRequest(routes.unreadList, { query: page }),
      providesTags: ['Notification'],
    }),
    getUnreadNotificationCount: build.query<RouteAnswer<typeof routes.unreadCount>, void>({
      query: () => routeRequest(routes.unreadCount),
      providesTags: ['Notification'],
    }),

    /** PUT /notifications/read/:id — shown at once, undone if the server refuses. */
    markNotificationRead: build.mutation<RouteAnswer<typeof routes.read>, string>({
      query: (id) => routeRequest(routes.read, { params: { id } }),
      onQueryStarted: async (id, { dispatch, getState, queryFulfilled }) => {
        const state = getState() as RootState;
        const wasUnread = isUnreadIn(cachedLists(state), id);
        const patches = applyRead(dispatch, state, [id], undefined);
        if (wasUnread)
          patches.push(
            dispatch(
              notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, ({ count }) => ({
                count: Math.max(0, count - 1),
              })),
            ),
          );
        await undoOnFailure(patches, queryFulfilled);
      },
    }),
    /** PUT /notifications/read/all */
    markAllNotificationsRead: build.mutation<RouteAnswer<typeof routes.readAll>, void>({
      query: () => routeRequest(routes.readAll),
      onQueryStarted: async (_arg, { dispatch, getState, queryFulfilled }) => {
        const patches = applyRead(dispatch, getState() as RootState, 'all', 0);
        patches.push(dispatch(notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, clearUnread)));
        await undoOnFailure(patches, queryFulfilled);
      },
    }),
  }),
});

async function undoOnFailure(patches: PatchCollection[], done: Promise<unknown>) {
  try {
    await done;
  } catch {
    for (const patch of patches) patch.undo();
  }
}

function cachedLists(state: RootState): List<Notification>[] {
  const select = (endpoint: 'listNotifications' | 'listUnreadNotifications') =>
    notificationsApi.util
      .selectCachedArgsForQuery(state, endpoint)
      .map((args) => notificationsApi.endpoints[endpoint].select(args)(state).data)
      .filter((list): list is List<Notification> => list !== undefined);
  return [...select('listNotifications'), ...select('listUnreadNotifications')];
}

/** Read flags in every cached list; read ones leave the unread lists. */
function applyRead(dispatch: CacheDispatch, state: RootState, ids: ReadIds, unreadCount: number | undefined): PatchCollection[] {
  const patches: PatchCollection[] = [];
  for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'listNotifications')) {
    patches.push(dispatch(notificationsApi.util.updateQueryData('listNotifications', args, (list) => markManyRead(list, ids))));
  }
  for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'listUnreadNotifications')) {
    patches.push(
      dispatch(notificationsApi.util.updateQueryData('listUnreadNotifications', args, (list) => dropRead(list, ids, unreadCount))),
    );
  }
  return patches;
}

/** 'notification:read' from the server (this tab or another): lists follow, the count is the server's. */
export const notificationsRead = (ids: ReadIds, unreadCount: number) => (dispatch: CacheDispatch, getState: () => RootState) => {
  applyRead(dispatch, getState(), ids, unreadCount);
  dispatch(notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, () => ({ count: unreadCount })));
};

/** 'notification:created': on top of the lists, and the server's exact unread count. */
export const notificationCreated =
  (notification: Notification, unreadCount: number) => (dispatch: CacheDispatch, getState: () => RootState) => {
    const state = getState();
    for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'listNotifications')) {
      dispatch(notificationsApi.util.updateQueryData('listNotifications', args, (list) => notificationAdded(list, notification, args)));
    }
    if (!notification.read) {
      for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'listUnreadNotifications')) {
        dispatch(
          notificationsApi.util.updateQueryData('listUnreadNotifications', args, (list) => ({
            ...notificationAdded(list, notification, args),
            count: unreadCount,
          })),
        );
      }
    }
    dispatch(notificationsApi.util.updateQueryData('getUnreadNotificationCount', undefined, () => ({ count: unreadCount })));
  };

export const {
  useListNotificationsQuery,
  useListUnreadNotificationsQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const BELL_LIST_SIZE = 5;
