import type {
  Bookmark,
  BookmarkedMessage,
  BookmarkSearchQuery,
  Conversation,
  ConversationRead,
  List,
  Message,
  MessagePage,
  SendMessageInput,
  UnreadCount,
} from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
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

const path = (id: string) => encodeURIComponent(id);

/** Tags: the list(s), each conversation, and the unread total are all 'Conversation'; a reconnect refreshes them together. */
const LIST_TAG = { type: 'Conversation' as const, id: 'LIST' };
const TOTAL_TAG = { type: 'Conversation' as const, id: 'UNREAD_TOTAL' };

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listConversations: build.query<List<Conversation>, ConversationListArgs>({
      query: ({ q, limit = CONVERSATION_PAGE_SIZE }) => ({ url: '/conversation', params: { q, limit } }),
      providesTags: [LIST_TAG],
    }),
    getConversation: build.query<Conversation, string>({
      query: (id) => `/conversation/${path(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
    }),
    getUnreadMessageTotal: build.query<UnreadCount, void>({
      query: () => '/conversation/total-unread-message',
      providesTags: [TOTAL_TAG],
    }),

    /** POST /conversation: the conversation with a member, new or existing. */
    startConversation: build.mutation<Conversation, { userId: string }>({
      query: (body) => ({ url: '/conversation', method: 'POST', body }),
      onQueryStarted: async (_args, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(messagesApi.util.upsertQueryData('getConversation', data._id, data));
        patchConversationLists(dispatch, getState() as RootState, (list, args) => (args.q ? list : addConversation(list, data)));
      },
    }),
    /** DELETE /conversation/{id}: hides it for the viewer only. */
    hideConversation: build.mutation<unknown, string>({
      query: (id) => ({ url: `/conversation/${path(id)}`, method: 'DELETE' }),
      onQueryStarted: async (id, { dispatch, getState, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        patchConversationLists(dispatch, getState() as RootState, (list) => removeConversation(list, id));
      },
      // Its unread messages no longer count.
      invalidatesTags: (_result, error) => (error ? [] : [TOTAL_TAG]),
    }),
    blockConversation: build.mutation<Conversation, string>({
      query: (id) => ({ url: `/conversation/${path(id)}/block`, method: 'POST' }),
      onQueryStarted: async (_id, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) storeConversation(dispatch, getState() as RootState, data);
      },
    }),
    unblockConversation: build.mutation<Conversation, string>({
      query: (id) => ({ url: `/conversation/${path(id)}/unblock`, method: 'POST' }),
      onQueryStarted: async (_id, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) storeConversation(dispatch, getState() as RootState, data);
      },
    }),
    /** Spec §4: opening a conversation sets its unread count to 0 (at once here, exactly from the answer). */
    markConversationRead: build.mutation<ConversationRead, string>({
      query: (id) => ({ url: `/conversation/${path(id)}/read`, method: 'POST' }),
      onQueryStarted: async (id, { dispatch, getState, queryFulfilled }) => {
        const markOpened = () => {
          patchConversationLists(dispatch, getState() as RootState, (list) => openConversation(list, id));
          dispatch(messagesApi.util.updateQueryData('getConversation', id, (draft) => setUnread(draft, 0)));
        };
        markOpened();
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // Again: a list that was still loading when the read began may have arrived with the old count.
        markOpened();
        dispatch(messagesApi.util.updateQueryData('getUnreadMessageTotal', undefined, () => ({ count: data.totalUnread })));
      },
    }),

    /**
     * The open conversation's messages, oldest first. A fresh load that meets what is already
     * there (a reconnect, a reload racing the socket) is merged, so nothing is lost or doubled.
     * Unused windows go at once: opening a conversation starts from a clean, freshly loaded list.
     */
    getMessageWindow: build.query<MessageWindow, string>({
      query: (conversationId) => ({ url: `/messages/${path(conversationId)}`, params: { limit: MESSAGE_PAGE_SIZE } }),
      transformResponse: (page: MessagePage) => windowFromPage(page),
      merge: (current, fresh) => mergeNewestPage(current, fresh),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, conversationId) => [{ type: 'Message', id: conversationId }],
    }),
    /** One page, newest first: older history (`before`) or search results (`q`). */
    getMessagePage: build.query<MessagePage, MessagePageArgs>({
      query: ({ conversationId, before, q, limit = MESSAGE_PAGE_SIZE }) => ({
        url: `/messages/${path(conversationId)}`,
        params: { before, q, limit },
      }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, args) => [{ type: 'Message', id: args.conversationId }],
    }),

    sendMessage: build.mutation<Message, SendMessageInput>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
      onQueryStarted: async (_input, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', data.conversationId, (draft) => appendMessage(draft, data)));
        patchConversationLists(dispatch, getState() as RootState, (list) => sentMessage(list, data));
      },
    }),
    deleteMessage: build.mutation<unknown, { messageId: string; conversationId: string }>({
      query: ({ messageId }) => ({ url: `/messages/${path(messageId)}`, method: 'DELETE' }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        const now = new Date().toISOString();
        dispatch(
          messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => markMessageDeleted(draft, messageId, now)),
        );
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
    bookmarkMessage: build.mutation<Bookmark, { messageId: string; conversationId: string }>({
      query: ({ messageId }) => ({ url: '/messages/bookmark', method: 'POST', body: { messageId } }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => setBookmark(draft, messageId, data._id)));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
    removeBookmark: build.mutation<unknown, { bookmarkId: string; messageId: string; conversationId: string }>({
      query: ({ bookmarkId }) => ({ url: `/messages/bookmark/${path(bookmarkId)}`, method: 'DELETE' }),
      onQueryStarted: async ({ messageId, conversationId }, { dispatch, queryFulfilled }) => {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(messagesApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => clearBookmark(draft, messageId)));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Bookmark']),
    }),
    searchBookmarks: build.query<List<BookmarkedMessage>, BookmarkSearchArgs>({
      query: ({ q, type, limit = BOOKMARK_PAGE_SIZE, skip = 0 }) => ({
        url: '/messages/bookmark/search',
        params: { q, type, limit, skip },
      }),
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

type Dispatch = (action: ReturnType<typeof messagesApi.util.updateQueryData>) => unknown;

/** Applies a change to every cached conversation list (one per search text). */
export function patchConversationLists(
  dispatch: Dispatch,
  state: RootState,
  change: (list: List<Conversation>, args: ConversationListArgs) => List<Conversation>,
) {
  for (const args of messagesApi.util.selectCachedArgsForQuery(state, 'listConversations')) {
    dispatch(messagesApi.util.updateQueryData('listConversations', args, (draft) => change(draft, args)));
  }
}

/** Applies a change to one conversation wherever it is cached: the lists and its own entry. */
export function patchConversation(dispatch: Dispatch, state: RootState, id: string, change: (conversation: Conversation) => Conversation) {
  patchConversationLists(dispatch, state, (list) => {
    const index = list.items.findIndex((item) => item._id === id);
    return index < 0 ? list : replaceConversation(list, change(list.items[index]!));
  });
  dispatch(messagesApi.util.updateQueryData('getConversation', id, (draft) => change(draft)));
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
} = messagesApi;
