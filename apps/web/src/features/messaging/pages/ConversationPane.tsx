import { useState } from 'react';
import { useParams } from 'react-router';
import type { Conversation, Me, Media } from '@cc/contracts';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import type { ListQuery } from '../../../shared/ui';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useGetConversationQuery, useGetMessageWindowQuery } from '../api/messagingApi';
import { BlockedNotice } from '../components/BlockedNotice';
import { ChatHeader } from '../components/ChatHeader';
import { Composer } from '../components/Composer';
import { ConversationDialogs } from '../components/ConversationDialogs';
import { ConversationLog } from '../components/ConversationLog';
import { ConversationSearch } from '../components/ConversationSearch';
import { PaneSkeleton } from '../components/ConversationSkeletons';
import { ConversationUnavailable } from '../components/ConversationUnavailable';
import { PhotoViewer } from '../components/PhotoViewer';
import { useBlocking, useHideConversation } from '../hooks/useConversationModeration';
import { useJumpToMessage } from '../hooks/useJumpToMessage';
import { useMessageActions } from '../hooks/useMessageActions';
import { useOlderMessages } from '../hooks/useOlderMessages';
import { useReadWhileOpen } from '../hooks/useReadWhileOpen';
import { useSendMessage } from '../hooks/useSendMessage';
import { searchToggled, selectIsTyping, selectSearchOpen } from '../model/chatSlice';
import { blockState } from '../model/conversationList';
import { messagePrice } from '../lib/price';
import type { MessageWindow } from '../model/messageList';
import './ConversationPane.css';

/** /messages/:conversationId — one conversation; a fresh view (and a fresh message list) per conversation. */
export default function ConversationPane() {
  const { conversationId = '' } = useParams();
  return <ConversationView key={conversationId} conversationId={conversationId} />;
}

function ConversationView({ conversationId }: { conversationId: string }) {
  const viewer = useAppSelector(selectCurrentUser);
  const conversationQuery = useGetConversationQuery(conversationId);
  // Asked for beside the conversation, not once it has arrived.
  const windowQuery = useGetMessageWindowQuery(conversationId, { refetchOnMountOrArgChange: true });
  const conversation = conversationQuery.data;
  useReadWhileOpen(conversationId, conversation?.unreadMessageCount ?? 0);

  if (!viewer) return null;
  if (conversationQuery.isLoading) return <PaneSkeleton />;
  if (!conversation)
    return (
      <ConversationUnavailable
        error={conversationQuery.error}
        onRetry={() => void conversationQuery.refetch()}
        retrying={conversationQuery.isFetching}
      />
    );
  return <OpenConversation conversationId={conversationId} conversation={conversation} viewer={viewer} windowQuery={windowQuery} />;
}

type OpenProps = {
  conversationId: string;
  conversation: Conversation;
  viewer: Me;
  windowQuery: ListQuery<MessageWindow>;
};

/** The conversation once it is known: header (and search), history, composer, and the confirmations they ask for. */
function OpenConversation({ conversationId, conversation, viewer, windowQuery }: OpenProps) {
  const dispatch = useAppDispatch();
  const { recipient } = conversation;
  const searchOpen = useAppSelector(selectSearchOpen);
  const typing = useAppSelector((state) => selectIsTyping(state, conversationId, recipient._id));
  const outgoing = useSendMessage(conversationId);
  const older = useOlderMessages(conversationId);
  const { highlightId, jumpTo } = useJumpToMessage(older);
  const messages = useMessageActions(conversationId);
  const blocking = useBlocking(conversationId);
  const hiding = useHideConversation(conversationId, recipient.name);
  const [photo, setPhoto] = useState<Media | null>(null);
  const blocked = blockState(conversation);

  return (
    <section className="chat-pane" aria-label={`Conversation with ${recipient.name}`}>
      <ChatHeader
        conversation={conversation}
        viewer={viewer}
        typing={typing}
        searchOpen={searchOpen}
        onToggleSearch={() => dispatch(searchToggled())}
        onBlock={blocking.ask}
        onUnblock={blocking.unblock}
        blockBusy={blocking.blocking || blocking.unblocking}
        onDelete={hiding.ask}
      />
      {searchOpen ? (
        <ConversationSearch
          conversationId={conversationId}
          viewerId={viewer._id}
          recipientName={recipient.name}
          onPick={(message) => void jumpTo(message)}
          onClose={() => dispatch(searchToggled(false))}
        />
      ) : null}

      <ConversationLog
        conversationId={conversationId}
        conversation={conversation}
        viewerId={viewer._id}
        viewerName={viewer.name}
        windowQuery={windowQuery}
        older={older}
        outgoing={outgoing}
        highlightId={highlightId}
        onAction={messages.onAction}
        onOpenPhoto={setPhoto}
      />

      <div className="chat-pane__bottom">
        {blocked === 'none' ? (
          <Composer conversationId={conversationId} send={outgoing.send} price={messagePrice(viewer, recipient)} />
        ) : (
          <BlockedNotice state={blocked} onUnblock={blocking.unblock} unblocking={blocking.unblocking} />
        )}
      </div>

      <ConversationDialogs recipientName={recipient.name} messages={messages} hiding={hiding} blocking={blocking} />
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </section>
  );
}
