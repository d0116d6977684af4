import type { EventBus } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';
import type { Presence } from '../../platform/presence';
import { perTurnBatch } from '../../platform/turn-batch';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toConversationDto, toMessageDto, toXchatMessage } from './messaging.presenter';
import type { MessageRow } from './messages.repository';

type Deps = {
  events: EventBus;
  io: () => Io;
  conversations: Pick<ConversationsService, 'viewOf' | 'totalUnread'>;
  conversationsRepo: Pick<ConversationsRepository, 'findBothViewsOf'>;
  presence: Pick<Presence, 'onlineAmong'>;
  profiles: Pick<MemberProfiles, 'of'>;
  legacyEvents: () => Promise<boolean>;
};

/**
 * A message created or deleted, told to both members, each with their own view (their unread
 * counts, their bookmarks, what they earned). Answers the unsubscribers.
 */
export function subscribeMessageEvents({ events, io, conversations, conversationsRepo, presence, profiles, legacyEvents }: Deps) {
  /** One member's view of the conversation and their total, computed for them alone. */
  async function countsFor(conversationId: string, viewerId: string) {
    const [conversation, totalUnread] = await Promise.all([
      conversations.viewOf(conversationId, viewerId),
      conversations.totalUnread(viewerId),
    ]);
    return { conversation, totalUnread };
  }

  /**
   * Both members' views of a conversation: the messages of one turn, and of the turns while a read
   * is in flight, read theirs together (platform/turn-batch.ts).
   */
  const bothViewsOf = perTurnBatch(conversationsRepo.findBothViewsOf, { callsAtOnce: 1 });

  return [
    events.subscribe('message.created', async ({ conversationId, senderId, recipientId, message, file, recipientEarned }) => {
      // Both members' views, read with those of the other messages of this turn, built around the
      // message the event carries: nothing new has bookmarks yet, and only the recipient of a paid
      // message earned from it. Both profiles are usually remembered (the send read the sender's).
      const [views, online, people, legacy] = await Promise.all([
        bothViewsOf(conversationId),
        presence.onlineAmong([senderId, recipientId]),
        profiles.of([senderId, recipientId]),
        legacyEvents(),
      ]);
      for (const view of views ?? []) {
        const viewerRow: MessageRow = { message, file, bookmarkId: null, earned: view.viewerId === recipientId ? recipientEarned : null };
        const dto = toMessageDto(viewerRow, profileIn(people, senderId));
        const members = [profileIn(people, view.viewerId), profileIn(people, view.other.id)];
        // A newer message may have become the last one meanwhile: that one is read as usual.
        const conversation =
          view.lastMessageId === message.id
            ? toConversationDto(view, dto, online.has(view.other.id), members)
            : await conversations.viewOf(conversationId, view.viewerId);
        if (!conversation) continue;
        emitToUser(io(), view.viewerId, 'message:created', { message: dto, conversation, totalUnread: view.totalUnread });
        if (!legacy) continue;
        // The conversation reaches the recipient's list with this message when it was deleted from
        // (or never opened in) their list and not read since: its only unread message is this one
        // (docs/product.md#messaging). An xChat client adds it before the message's event.
        if (view.viewerId === recipientId && view.hiddenAt !== null && view.unread === 1)
          emitToUser(io(), recipientId, 'new_conversation', conversation);
        emitToUser(io(), view.viewerId, 'new_message', toXchatMessage(dto, recipientId));
      }
    }),

    events.subscribe('message.deleted', async ({ messageId, conversationId, senderId, recipientId }) => {
      await Promise.all(
        [senderId, recipientId].map(async (viewerId) => {
          const { conversation, totalUnread } = await countsFor(conversationId, viewerId);
          if (!conversation) return;
          emitToUser(io(), viewerId, 'message:deleted', { messageId, conversationId, conversation, totalUnread });
        }),
      );
    }),
  ];
}
