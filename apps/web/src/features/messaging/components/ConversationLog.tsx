import { useMemo } from 'react';
import type { Conversation, Media, Message } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { useNow } from '../../../shared/hooks/useNow';
import { ListError, type ListQuery } from '../../../shared/ui';
import type { useOlderMessages } from '../hooks/useOlderMessages';
import type { useSendMessage } from '../hooks/useSendMessage';
import { selectOutbox } from '../model/chatSlice';
import { buildLogRows } from '../model/logRows';
import type { MessageWindow } from '../model/messageList';
import { LogSkeleton } from './ConversationSkeletons';
import { MessageLog } from './MessageLog';
import type { MessageAction } from './MessageMenu';
import { TypingIndicator } from './TypingIndicator';

type Props = {
  conversationId: string;
  conversation: Conversation;
  viewerId: string;
  viewerName: string;
  windowQuery: ListQuery<MessageWindow>;
  older: ReturnType<typeof useOlderMessages>;
  outgoing: ReturnType<typeof useSendMessage>;
  highlightId: string | null;
  onAction: (action: MessageAction, message: Message) => void;
  onOpenPhoto: (media: Media) => void;
};

/** The conversation's history: the loaded messages with the viewer's still on their way, or why there are none yet. */
export function ConversationLog({
  conversationId,
  conversation,
  viewerId,
  viewerName,
  windowQuery,
  older,
  outgoing,
  highlightId,
  onAction,
  onOpenPhoto,
}: Props) {
  const outbox = useAppSelector((state) => selectOutbox(state, conversationId));
  const now = useNow(60_000);
  const messageWindow = windowQuery.data;
  const { recipient, recipientReadSeq } = conversation;

  const rows = useMemo(
    () => buildLogRows(messageWindow?.items ?? [], outbox, viewerId, recipientReadSeq ?? 0, now),
    [messageWindow?.items, outbox, viewerId, recipientReadSeq, now],
  );

  if (windowQuery.isLoading)
    return (
      <div className="chat-scroll" role="status" aria-label="Loading messages">
        <LogSkeleton />
      </div>
    );
  if (!messageWindow)
    return (
      <div className="chat-scroll chat-scroll--state">
        <ListError
          what="the messages"
          error={windowQuery.error}
          onRetry={() => void windowQuery.refetch()}
          retrying={windowQuery.isFetching}
        />
      </div>
    );
  return (
    <MessageLog
      rows={rows}
      hasMore={messageWindow.hasMore}
      loadingOlder={older.loading}
      olderFailed={older.failed}
      onLoadOlder={() => void older.loadOlder()}
      viewerName={viewerName}
      recipientName={recipient.name}
      highlightId={highlightId}
      onAction={onAction}
      onOpenPhoto={onOpenPhoto}
      onRetry={outgoing.retry}
      onResendAt={outgoing.resendAt}
      onDiscard={outgoing.discard}
      footer={<TypingIndicator conversationId={conversationId} userId={recipient._id} name={recipient.name} />}
    />
  );
}
