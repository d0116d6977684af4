import { TYPING_TTL_MS, type ServerToClientEvents } from '@cc/contracts';
import type { AppDispatch, RootState } from '../../../shared/store/hooks';
import { baseApi } from '../../../shared/api/baseApi';
import { messagingApi, patchConversation, patchConversationLists } from '../api/messagingApi';
import { selectSelectedConversationId, typingChanged } from '../model/chatSlice';
import {
  applyBlockedIds,
  receiveMessageWithCounts,
  recipientRead,
  replaceConversation,
  setPresence,
  setRecipientOnline,
  setUnread,
  totalUnreadAfter,
} from '../model/conversationList';
import { appendMessage, markMessageDeleted } from '../model/messageList';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];
type Thunk = (dispatch: AppDispatch, getState: () => RootState) => void;

/** The conversation on screen, if the page is visible: messages there are read as they arrive. */
const isReadingConversation = (state: RootState, conversationId: string) =>
  selectSelectedConversationId(state) === conversationId && document.visibilityState !== 'hidden';

const setTotal = (dispatch: AppDispatch, count: number) =>
  dispatch(messagingApi.util.updateQueryData('getUnreadMessageTotal', undefined, () => ({ count })));

/**
 * 'message:created': the message joins its conversation's window (once, whatever else delivered
 * it), the conversation moves to the top with the server's exact counts, and the total follows.
 * In the conversation being read, it is read at once.
 */
export const messageCreated =
  ({ message, conversation, totalUnread }: Payload<'message:created'>): Thunk =>
  (dispatch, getState) => {
    const viewerId = getState().auth.user?._id;
    const reading = isReadingConversation(getState(), conversation._id);
    const fromOther = message.senderId !== viewerId;
    dispatch(messagingApi.util.updateQueryData('getMessageWindow', message.conversationId, (draft) => appendMessage(draft, message)));
    const counted = reading ? setUnread(conversation, 0) : conversation;
    patchConversationLists(dispatch, getState(), (list, args) =>
      // A search shows only the names it matched: it gains no conversation, it only updates one.
      args.q
        ? replaceConversation(list, counted)
        : receiveMessageWithCounts(list, counted, { selectedId: reading ? conversation._id : null }),
    );
    dispatch(messagingApi.util.updateQueryData('getConversation', conversation._id, () => counted));
    setTotal(dispatch, totalUnreadAfter(totalUnread, conversation, reading && fromOther));
    if (fromOther) {
      // Their message ends their typing.
      dispatch(typingChanged({ conversationId: conversation._id, userId: message.senderId, typing: false, until: 0 }));
      if (reading && conversation.unreadMessageCount > 0)
        void dispatch(messagingApi.endpoints.markConversationRead.initiate(conversation._id));
    }
  };

export const messageDeleted =
  ({ messageId, conversationId, conversation, totalUnread }: Payload<'message:deleted'>): Thunk =>
  (dispatch, getState) => {
    const now = new Date().toISOString();
    dispatch(messagingApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => markMessageDeleted(draft, messageId, now)));
    const reading = isReadingConversation(getState(), conversationId);
    const counted = reading ? setUnread(conversation, 0) : conversation;
    patchConversation(dispatch, getState(), conversationId, () => counted);
    setTotal(dispatch, totalUnreadAfter(totalUnread, conversation, reading));
    dispatch(baseApi.util.invalidateTags(['Bookmark']));
  };

/** The viewer read (on any tab): their counts. The other person read: the viewer's messages are seen. */
export const conversationRead =
  ({ conversationId, readerId, readSeq, unreadMessageCount, totalUnread }: Payload<'conversation:read'>): Thunk =>
  (dispatch, getState) => {
    if (readerId === getState().auth.user?._id) {
      patchConversation(dispatch, getState(), conversationId, (conversation) => setUnread(conversation, unreadMessageCount));
      setTotal(dispatch, totalUnread);
    } else {
      patchConversation(dispatch, getState(), conversationId, (conversation) => recipientRead(conversation, readSeq));
    }
  };

export const conversationBlocked =
  ({ conversationId, blockedIds }: Payload<'conversation:blocked'>): Thunk =>
  (dispatch, getState) => {
    const viewerId = getState().auth.user?._id ?? '';
    patchConversation(dispatch, getState(), conversationId, (conversation) => applyBlockedIds(conversation, blockedIds, viewerId));
  };

export const presenceChanged =
  ({ userId, online }: Payload<'presence:changed'>): Thunk =>
  (dispatch, getState) => {
    patchConversationLists(dispatch, getState(), (list) => setPresence(list, userId, online));
    for (const id of messagingApi.util.selectCachedArgsForQuery(getState(), 'getConversation')) {
      dispatch(messagingApi.util.updateQueryData('getConversation', id, (draft) => setRecipientOnline(draft, userId, online)));
    }
  };

export const typingReceived =
  ({ conversationId, userId, typing }: Payload<'conversation:typing'>, now: number): Thunk =>
  (dispatch, getState) => {
    if (userId === getState().auth.user?._id) return;
    dispatch(typingChanged({ conversationId, userId, typing, until: now + TYPING_TTL_MS }));
  };

/**
 * After the link was lost, whatever the server said meanwhile may be missing: the lists, the
 * total and the open conversation's newest page are fetched again (the page merges with what is
 * shown, see mergeNewestPage).
 */
export const resync = (): Thunk => (dispatch) => {
  dispatch(baseApi.util.invalidateTags(['Conversation', 'Message', 'Bookmark']));
};
