import { useCallback } from 'react';
import { ErrorCode, type Media, type MessageType } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import { baseApi } from '../../../shared/api/baseApi';
import { toApiError } from '../../../shared/api/apiError';
import { useSendMessageMutation } from '../api/messagingApi';
import { sendFailed, sendSettled, sendStarted, type OutboxEntry } from '../model/chatSlice';

/** A message as the composer hands it over, with the price per message shown on Send (0 when free). */
export type Outgoing = { type: MessageType; text: string; media: Media | null; expectedPrice: number };

/**
 * Sending with an outbox: the message shows at once as pending; a failure keeps it (text and all)
 * with the reason until it is retried or discarded. A retry reuses the clientId made for it, so
 * the server stores the message once however many times it is tried. Every send carries the price
 * shown; a changed price (409 PRICE_CHANGED) keeps the message, refreshes the conversation's price
 * and lets the member send it again at the new price (`resendAt`, docs/product.md#price-changes).
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
        expectedPrice: entry.expectedPrice,
        ...(entry.media ? { mediaId: entry.media._id } : {}),
      });
      if ('error' in result) {
        const error = toApiError(result.error);
        dispatch(sendFailed({ conversationId: entry.conversationId, clientId: entry.clientId, error }));
        // Blocked meanwhile: the conversation is fetched again so the notice replaces the composer.
        // The price changed: the conversation is fetched again so the composer shows the price now.
        if (error.code === ErrorCode.CONVERSATION_BLOCKED || error.code === ErrorCode.PRICE_CHANGED)
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

  /** The member agreed to the price now: the same message (same clientId) goes again, at that price. */
  const resendAt = useCallback(
    (entry: OutboxEntry, expectedPrice: number) => deliver({ ...entry, expectedPrice, status: 'sending', error: null }),
    [deliver],
  );

  const discard = useCallback(
    (entry: OutboxEntry) => dispatch(sendSettled({ conversationId: entry.conversationId, clientId: entry.clientId })),
    [dispatch],
  );

  return { send, retry, resendAt, discard };
}
