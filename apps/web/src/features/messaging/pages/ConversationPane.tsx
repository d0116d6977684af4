import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { Media, Message } from '@cc/contracts';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { errorMessage, isApiError } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, ConfirmDialog, EmptyState, ListError, Skeleton } from '../../../shared/ui';
import {
  useBlockConversationMutation,
  useBookmarkMessageMutation,
  useDeleteMessageMutation,
  useGetConversationQuery,
  useGetMessageWindowQuery,
  useHideConversationMutation,
  useMarkConversationReadMutation,
  useRemoveBookmarkMutation,
  useUnblockConversationMutation,
} from '../api/messagingApi';
import { BlockedNotice } from '../components/BlockedNotice';
import { ChatHeader } from '../components/ChatHeader';
import { Composer } from '../components/Composer';
import { ConversationSearch } from '../components/ConversationSearch';
import { MessageLog } from '../components/MessageLog';
import type { MessageAction } from '../components/MessageMenu';
import { PhotoViewer } from '../components/PhotoViewer';
import { TypingIndicator } from '../components/TypingIndicator';
import { useNow } from '../../../shared/hooks/useNow';
import { useOlderMessages } from '../hooks/useOlderMessages';
import { useSendMessage } from '../hooks/useSendMessage';
import {
  conversationSelected,
  searchToggled,
  selectIsTyping,
  selectOutbox,
  selectSearchOpen,
  selectSelectedConversationId,
} from '../model/chatSlice';
import { blockState } from '../model/conversationList';
import { buildLogRows } from '../model/logRows';
import { messagePrice } from '../lib/price';
import './ConversationPane.css';
/** How many older pages a search result may pull in to reach its message. */
const JUMP_PAGES_MAX = 20;
const HIGHLIGHT_MS = 2400;

/** /messages/:conversationId — one conversation; a fresh view (and a fresh message list) per conversation. */
export default function ConversationPane() {
  const { conversationId = '' } = useParams();
  return <ConversationView key={conversationId} conversationId={conversationId} />;
}

function PaneSkeleton() {
  return (
    <div className="chat-pane chat-pane--loading" role="status" aria-label="Loading conversation">
      <div className="chat-header" aria-hidden="true">
        <Skeleton width={40} height={40} radius="50%" />
        <div className="chat-header__who stack-sm">
          <Skeleton width={140} height={14} />
          <Skeleton width={80} height={10} />
        </div>
      </div>
      <LogSkeleton />
    </div>
  );
}

function LogSkeleton() {
  return (
    <div className="chat-log-skeleton" aria-hidden="true">
      {[62, 40, 55, 30, 70, 45].map((width, row) => (
        <div key={row} className={row % 2 ? 'chat-log-skeleton__row is-mine' : 'chat-log-skeleton__row'}>
          <Skeleton width={`${width}%`} height={row % 3 === 0 ? 56 : 38} radius="var(--radius-lg)" />
        </div>
      ))}
    </div>
  );
}

function ConversationView({ conversationId }: { conversationId: string }) {
  const viewer = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const conversationQuery = useGetConversationQuery(conversationId);
  const windowQuery = useGetMessageWindowQuery(conversationId, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkConversationReadMutation();
  const [block, blockResult] = useBlockConversationMutation();
  const [unblock, unblockResult] = useUnblockConversationMutation();
  const [hide, hideResult] = useHideConversationMutation();
  const [deleteMessage, deleteResult] = useDeleteMessageMutation();
  const [bookmark] = useBookmarkMessageMutation();
  const [removeBookmark] = useRemoveBookmarkMutation();
  const { send, retry, resendAt, discard } = useSendMessage(conversationId);
  const older = useOlderMessages(conversationId);
  const outbox = useAppSelector((state) => selectOutbox(state, conversationId));
  const searchOpen = useAppSelector(selectSearchOpen);
  const now = useNow(60_000);

  const [confirmingDelete, setConfirmingDelete] = useState<Message | null>(null);
  const [confirmingHide, setConfirmingHide] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [photo, setPhoto] = useState<Media | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);

  const conversation = conversationQuery.data;
  const messageWindow = windowQuery.data;
  const viewerId = viewer?._id ?? '';
  const recipientId = conversation?.recipient._id;
  const typing = useAppSelector((state) => selectIsTyping(state, conversationId, recipientId));

  // Opening a conversation selects it and reads it (unread to 0, docs/product.md#messaging).
  useEffect(() => {
    dispatch(conversationSelected(conversationId));
    void markRead(conversationId);
    return () => {
      if (selectSelectedConversationId(store.getState()) === conversationId) dispatch(conversationSelected(null));
    };
  }, [conversationId, dispatch, markRead, store]);

  // Messages that arrived while the tab was hidden are read when the person comes back to it.
  const unread = conversation?.unreadMessageCount ?? 0;
  useEffect(() => {
    if (!unread) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markRead(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [conversationId, markRead, unread]);

  const rows = useMemo(
    () => buildLogRows(messageWindow?.items ?? [], outbox, viewerId, conversation?.recipientReadSeq ?? 0, now),
    [messageWindow?.items, outbox, viewerId, conversation?.recipientReadSeq, now],
  );

  // Stable handlers, so memoised rows do not re-render when the pane does.
  const latest = useRef({ bookmark, removeBookmark });
  useEffect(() => {
    latest.current = { bookmark, removeBookmark };
  });
  const onAction = useCallback((action: MessageAction, message: Message) => {
    if (action === 'delete') return setConfirmingDelete(message);
    const request =
      action === 'bookmark'
        ? latest.current.bookmark({ messageId: message._id, conversationId: message.conversationId })
        : latest.current.removeBookmark({
            bookmarkId: message.bookmarkId ?? '',
            messageId: message._id,
            conversationId: message.conversationId,
          });
    request.unwrap().catch((error: unknown) => toast.error(errorMessage(error)));
  }, []);

  const jumpTo = useCallback(
    async (message: Message) => {
      for (let page = 0; page < JUMP_PAGES_MAX; page += 1) {
        const loaded = older.currentWindow();
        if (!loaded || loaded.items.some((item) => item._id === message._id)) break;
        if (!loaded.hasMore || (loaded.items[0]?.seq ?? 0) <= message.seq) break;
        if (!(await older.loadOlder())) break;
      }
      setHighlightId(message._id);
      requestAnimationFrame(() => {
        document.querySelector(`[data-message-id="${message._id}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      });
      setTimeout(() => setHighlightId((current) => (current === message._id ? null : current)), HIGHLIGHT_MS);
    },
    [older],
  );

  if (!viewer) return null;

  if (conversationQuery.isLoading) return <PaneSkeleton />;
  if (!conversation) {
    const missing = isApiError(conversationQuery.error) && [403, 404].includes(conversationQuery.error.status);
    return (
      <div className="chat-pane chat-pane--state">
        {missing ? (
          <EmptyState
            icon="chat"
            title="This conversation is not available"
            description="It may have been deleted, or the link is wrong."
            action={<ButtonLink to="/messages">Back to messages</ButtonLink>}
          />
        ) : (
          <ListError
            what="this conversation"
            error={conversationQuery.error}
            onRetry={() => void conversationQuery.refetch()}
            retrying={conversationQuery.isFetching}
          />
        )}
      </div>
    );
  }

  const { recipient } = conversation;
  const blocked = blockState(conversation);

  const onBlockError = (error: unknown) => toast.error(errorMessage(error));
  const confirmBlock = async () => {
    try {
      await block(conversationId).unwrap();
      setConfirmingBlock(false);
    } catch (error) {
      onBlockError(error);
    }
  };
  const doUnblock = () => void unblock(conversationId).unwrap().catch(onBlockError);

  const confirmDeleteMessage = async () => {
    if (!confirmingDelete) return;
    try {
      await deleteMessage({ messageId: confirmingDelete._id, conversationId }).unwrap();
      setConfirmingDelete(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const confirmHide = async () => {
    try {
      await hide(conversationId).unwrap();
      setConfirmingHide(false);
      toast.success(`Conversation with ${recipient.name} deleted`);
      void navigate('/messages', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="chat-pane" aria-label={`Conversation with ${recipient.name}`}>
      <ChatHeader
        conversation={conversation}
        viewer={viewer}
        typing={typing}
        searchOpen={searchOpen}
        onToggleSearch={() => dispatch(searchToggled())}
        onBlock={() => setConfirmingBlock(true)}
        onUnblock={doUnblock}
        blockBusy={blockResult.isLoading || unblockResult.isLoading}
        onDelete={() => setConfirmingHide(true)}
      />
      {searchOpen ? (
        <ConversationSearch
          conversationId={conversationId}
          viewerId={viewerId}
          recipientName={recipient.name}
          onPick={(message) => void jumpTo(message)}
          onClose={() => dispatch(searchToggled(false))}
        />
      ) : null}

      {windowQuery.isLoading ? (
        <div className="chat-scroll" role="status" aria-label="Loading messages">
          <LogSkeleton />
        </div>
      ) : !messageWindow ? (
        <div className="chat-scroll chat-scroll--state">
          <ListError
            what="the messages"
            error={windowQuery.error}
            onRetry={() => void windowQuery.refetch()}
            retrying={windowQuery.isFetching}
          />
        </div>
      ) : (
        <MessageLog
          rows={rows}
          hasMore={messageWindow.hasMore}
          loadingOlder={older.loading}
          olderFailed={older.failed}
          onLoadOlder={() => void older.loadOlder()}
          viewerName={viewer.name}
          recipientName={recipient.name}
          highlightId={highlightId}
          onAction={onAction}
          onOpenPhoto={setPhoto}
          onRetry={retry}
          onResendAt={resendAt}
          onDiscard={discard}
          footer={<TypingIndicator conversationId={conversationId} userId={recipient._id} name={recipient.name} />}
        />
      )}

      <div className="chat-pane__bottom">
        {blocked === 'none' ? (
          <Composer conversationId={conversationId} send={send} price={messagePrice(viewer, recipient)} />
        ) : (
          <BlockedNotice state={blocked} onUnblock={doUnblock} unblocking={unblockResult.isLoading} />
        )}
      </div>

      <ConfirmDialog
        open={confirmingDelete !== null}
        title="Delete this message?"
        description="It will show as deleted for both of you. This cannot be undone."
        confirmLabel="Delete"
        busy={deleteResult.isLoading}
        onConfirm={() => void confirmDeleteMessage()}
        onClose={() => setConfirmingDelete(null)}
      />
      <ConfirmDialog
        open={confirmingHide}
        title="Delete conversation?"
        description={`The conversation with ${recipient.name} disappears from your list. ${recipient.name} keeps their copy.`}
        confirmLabel="Delete conversation"
        busy={hideResult.isLoading}
        onConfirm={() => void confirmHide()}
        onClose={() => setConfirmingHide(false)}
      />
      <ConfirmDialog
        open={confirmingBlock}
        title={`Block ${recipient.name}?`}
        description={
          <>
            {recipient.name} will not be able to send you messages, and you will not be able to message them either. They will see that they
            are blocked. Your conversation stays where it is, and you can unblock them at any time.
          </>
        }
        confirmLabel="Block"
        busy={blockResult.isLoading}
        onConfirm={() => void confirmBlock()}
        onClose={() => setConfirmingBlock(false)}
      />
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </section>
  );
}
