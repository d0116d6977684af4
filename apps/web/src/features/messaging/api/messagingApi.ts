import { conversationRoutes, messageRoutes, type BookmarkSearchQuery, type Conversation, type List, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import type { RootState } from '../../../shared/store/hooks';
import {
  addConversation,
  openConversation,
  removeConversation,
  replaceConversation,
  sentMessage,
  setUnread,
} from '../model/conversationList';
import {
  appendMessage,
  clearBookmark,
  markMessageDeleted,
  mergeNewestPage,
  setBookmark,
  windowFromPage,
  type MessageWindow,
} from '../model/messageList';

export const CONVERSATION_PAGE_SIZE = 30;
export const MESSAGE_PAGE_SIZE = 30;
export const BOOKMARK_PAGE_SIZE = 20;

export type ConversationListArgs = { q?: string; limit?: number };
export type MessagePageArgs = { conversationId: string; before?: number; q?: string; limit?: number };
export type BookmarkSearchArgs = Pick<BookmarkSearchQuery, 'q' | 'type'> & { limit?: number; skip?: number };
export type SendMessageBody = RouteBody<typeof messageRoutes.send>;

/** Tags: the list(s), each conversation, and the unread total are all 'Conversation'; a reconnect refreshes them together. */
const LIST_TAG = { type: 'Conversation' as const, id: 'LIST' };
const TOTAL_TAG = { type: 'Conversation' as const, id: 'UNREAD_TOTAL' };

/** Conversations: the lists, one conversation, the unread total, and what a member does with one. */
const conversationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listConversations: build.query<RouteAnswer<typeof conversationRoutes.list>, ConversationListArgs>({
      query: ({ q, limit = CONVERSATION_PAGE_SIZE }) => routeRequest(conversationRoutes.list, { query: { q, limit } }),
      providesTags: [LIST_TAG],
    }),
    getConversation: build.query<RouteAnswer<typeof conversationRoutes.get>, string>({
      query: (id) => routeRequest(conversationRoutes.get, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
    }),
    getUnreadMessageTotal: build.query<RouteAnswer<typeof conversationRoutes.totalUnread>, void>({
      query: () => routeRequest(conversationRoutes.totalUnread),
      providesTags: [TOTAL_TAG],
    }),

    /** POST /conversation: the conversation with a member, new or existing. */
    startConversation: build.mutation<RouteAnswer<typeof conversationRoutes.start>, RouteBody<typeof conversationRoutes.start>>({
      query: (body) => routeRequest(conversationRoutes.start, { body }),
      onQueryStarted: async (_args, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(conversationsApi.util.upsertQueryData('getConversation', data._id, data));
        patchConversationLists(dispatch, getState() as RootState, (list, args) => (args.q ? list : addConversation(list, data)));
      },
    }),
    /** DELETE /conversation/{id}: hides it for the viewer only. */
    hideConversation: build.mutation<RouteAnswer<typeof conversationRoutes.hide>, string>({
      query: (id) => routeRequest(conversationRoutes.hide, { params: { id } }),
      onQueryStarted: async (id, { dispatch, getState, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        patchConversationLists(dispatch, getState() as RootState, (list) => removeConversation(list, id));
      },
      // Its unread messages no longer count.
      invalidatesTags: (_result, error) => (error ? [] : [TOTAL_TAG]),
    }),
    blockConversation: build.mutation<RouteAnswer<typeof conversationRoutes.block>, string>({
      query: (id) => routeRequest(conversationRoutes.block, { params: { id } }),
      onQueryStarted: async (_id, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) storeConversation(dispatch, getState() as RootState, data);
      },
    }),
    unblockConversation: build.mutation<RouteAnswer<typeof conversationRoutes.unblock>, string>({
      query: (id) => routeRequest(conversationRoutes.unblock, { params: { id } }),
      onQueryStarted: async (_id, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) storeConversation(dispatch, getState() as RootState, data);
      },
    }),
    /** Opening a conversation sets its unread count to 0 (docs/product.md#messaging): at once here, exactly from the answer. */
    markConversationRead: build.mutation<RouteAnswer<typeof conversationRoutes.read>, string>({
      query: (id) => routeRequest(conversationRoutes.read, { params: { id } }),
      onQueryStarted: async (id, { dispatch, getState, queryFulfilled }) => {
        const markOpened = () => {
          patchConversationLists(dispatch, getState() as RootState, (list) => openConversation(list, id));
          dispatch(conversationsApi.util.updateQueryData('getConversation', id, (draft) => setUnread(draft, 0)));
        };
        markOpened();
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // Again: a list that was still loading when the read began may have arrived with the old count.
        markOpened();
        dispatch(conversationsApi.util.updateQueryData('getUnreadMessageTotal', undefined, () => ({ count: data.totalUnread })));
      },
    }),
  }),
});

/** A conversation's messages: the open window, pages of older history or of search results, sending and deleting. */
const messagesApi = conversationsApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The open conversation's messages, oldest first. A fresh load that meets what is already
     * there (a reconnect, a reload racing the socket) is merged, so nothing is lost or doubled.
     * Unused windows go at once: opening a conversation starts from a clean, freshly loaded list.
     */
    getMessageWindow: build.query<MessageWindow, string>({
      query: (conversationId) => routeRequest(messageRoutes.list, { params: { conversationId }, query: { limit: MESSAGE_PAGE_SIZE } }),
      transformResponse: (page: RouteAnswer<typeof messageRoutes.list>) => windowFromPage(page),
      merge: (current, fresh) => mergeNewestPage(current, fresh),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, conversationId) => [{ type: 'Message', id: conversationId }],
    }),
    /** One page, newest first: older history (`before`) or search results (`q`). */
    getMessagePage: build.query<RouteAnswer<typeof messageRoutes.list>, MessagePageArgs>({
      query: ({ conversationId, before, q, limit = MESSAGE_PAGE_SIZE }) =>
        routeRequest(messageRoutes.list, { params: { conversationId }, query: { before, q, limit } }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, args) => [{ type: 'Message', id: args.conversationId }],
    }),

    /** The answer's `price` is in tokens, as every amount on the wire (docs/product.md#units). */
    sendMessage: build.mutation<RouteAnswer<typeof messageRoutes.send>, SendMessageBody>({
      query: (body) => routeRequest(messageRoutes.send, { body }),
      onQueryStarted: async (_input, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', data.conversationId, (draft) => appendMessage(draft, data)));
        patchConversationLists(dispatch, getState() as RootState, (list) => sentMessage(list, data));
      },
    }),
    deleteMessage: build.mutation<RouteAnswer<typeof messageRoutes.remove>, { messageId: string; conversationId: string }>({
      query: ({ messageId }) => routeRequest(messageRoutes.remove, { params: { id: messageId } }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        const now = new Date().toISOString();
        dispatch(
          messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => markMessageDeleted(draft, messageId, now)),
        );
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
  }),
});

/** Bookmarks: marking a message and unmarking it (in the open window at once), and searching them. */
export const messagingApi = messagesApi.injectEndpoints({
  endpoints: (build) => ({
    bookmarkMessage: build.mutation<RouteAnswer<typeof messageRoutes.bookmark>, { messageId: string; conversationId: string }>({
      query: ({ messageId }) => routeRequest(messageRoutes.bookmark, { body: { messageId } }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => setBookmark(draft, messageId, data._id)));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
    removeBookmark: build.mutation<
      RouteAnswer<typeof messageRoutes.removeBookmark>,
      { bookmarkId: string; messageId: string; conversationId: string }
    >({
      query: ({ bookmarkId }) => routeRequest(messageRoutes.removeBookmark, { params: { id: bookmarkId } }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => clearBookmark(draft, messageId)));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
    searchBookmarks: build.query<RouteAnswer<typeof messageRoutes.searchBookmarks>, BookmarkSearchArgs>({
      query: ({ q, type, limit = BOOKMARK_PAGE_SIZE, skip = 0 }) =>
        routeRequest(messageRoutes.searchBookmarks, { query: { q, type, limit, skip } }),
      providesTags: ['Bookmark'],
    }),
  }),
});

async function succeeded(fulfilled: Promise<unknown>): Promise<boolean> {
  try {
    await fulfilled;
    return true;
  } catch {
    return false;
  }
}

type Dispatch = (action: ReturnType<typeof conversationsApi.util.updateQueryData>) => unknown;

/** Applies a change to every cached conversation list (one per search text). */
export function patchConversationLists(
  dispatch: Dispatch,
  state: RootState,
  change: (list: List<Conversation>, args: ConversationListArgs) => List<Conversation>,
) {
  for (const args of conversationsApi.util.selectCachedArgsForQuery(state, 'listConversations')) {
    dispatch(conversationsApi.util.updateQueryData('listConversations', args, (draft) => change(draft, args)));
  }
}

/** Applies a change to one conversation wherever it is cached: the lists and its own entry. */
export function patchConversation(dispatch: Dispatch, state: RootState, id: string, change: (conversation: Conversation) => Conversation) {
  patchConversationLists(dispatch, state, (list) => {
    const index = list.items.findIndex((item) => item._id === id);
    return index < 0 ? list : replaceConversation(list, change(list.items[index]!));
  });
  dispatch(conversationsApi.util.updateQueryData('getConversation', id, (draft) => change(draft)));
}

/** A newer copy of a conversation from the server, in place everywhere it is cached. */
export function storeConversation(dispatch: Dispatch, state: RootState, conversation: Conversation) {
  patchConversation(dispatch, state, conversation._id, () => conversation);
}

export const {
  useListConversationsQuery,
  useGetConversationQuery,
  useGetUnreadMessageTotalQuery,
  useStartConversationMutation,
  useHideConversationMutation,
  useBlockConversationMutation,
  useUnblockConversationMutation,
  useMarkConversationReadMutation,
  useGetMessageWindowQuery,
  useGetMessagePageQuery,
  useSendMessageMutation,
  useDeleteMessageMutation,
  useBookmarkMessageMutation,
  useRemoveBookmarkMutation,
  useSearchBookmarksQuery,
} = messagingApi;
