import { useCallback } from 'react';
import { ErrorCode, type Media, type MessageType } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import { baseApi } from '../../../shared/api/baseApi';
import { toApiError } from '../../../shared/api/apiError';
import { useSendMessageMutation } from '../api/messagesApi';
import { sendFailed, sendSettled, sendStarted, type OutboxEntry } from '../model/chatSlice';

export type Outgoing = { type: MessageType; text: string; media: Media | null };

/**
 * Sending with an outbox: the message shows at once as pending; a failure keeps it (text and all)
 * with the reason until it is retried or discarded. A retry reuses the clientId made for it, so
 * the server stores the message once however many times it is tried.
 */
export function useSendMessage(conversationId: string) {
  const dispatch = useAppDispatch();
  const [sendMessage] = useSendMessageMutation();

  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      dispatch(sendStarted(entry));
      const result = await sendMessage({
        conversationId: entry.conversationId,
        clientId: entry.clientId,
        type: entry.type,
        text: entry.text,
        ...(entry.media ? { mediaId: entry.media._id } : {}),
      });
      if ('error' in result) {
        const error = toApiError(result.error);
        dispatch(sendFailed({ conversationId: entry.conversationId, clientId: entry.clientId, error }));
        // Blocked meanwhile: the conversation is fetched again so the notice replaces the composer.
        if (error.code === ErrorCode.CONVERSATION_BLOCKED)
          dispatch(baseApi.util.invalidateTags([{ type: 'Conversation', id: entry.conversationId }]));
        return;
      }
      dispatch(sendSettled({ conversationId: entry.conversationId, clientId: entry.clientId }));
    },
    [dispatch, sendMessage],
  );

  const send = useCallback(
    (outgoing: Outgoing) =>
      deliver({
        clientId: crypto.randomUUID(),
        conversationId,
        ...outgoing,
        createdAt: new Date().toISOString(),
        status: 'sending',
        error: null,
      }),
    [conversationId, deliver],
  );

  const retry = useCallback((entry: OutboxEntry) => deliver({ ...entry, status: 'sending', error: null }), [deliver]);

  const discard = useCallback(
    (entry: OutboxEntry) => dispatch(sendSettled({ conversationId: entry.conversationId, clientId: entry.clientId })),
    [dispatch],
  );

  return { send, retry, discard };
}
