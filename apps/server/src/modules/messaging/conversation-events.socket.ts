import type { EventBus } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';

type Deps = {
  events: EventBus;
  io: () => Io;
  conversations: Pick<ConversationsService, 'totalUnread'>;
  conversationsRepo: Pick<ConversationsRepository, 'findView' | 'partnersOf'>;
  legacyEvents: () => Promise<boolean>;
};

/**
 * A conversation read or blocked, and a member coming or going, told to the people concerned.
 * A block change is noted in `blockChangedAt`, so sockets ask typing's target again (typing.socket.ts).
 * Answers the unsubscribers.
 */
export function subscribeConversationEvents(
  { events, io, conversations, conversationsRepo, legacyEvents }: Deps,
  blockChangedAt: Map<string, number>,
) {
  return [
    events.subscribe('conversation.read', async ({ conversationId, readerId, otherUserId, readSeq }) => {
      await Promise.all(
        [readerId, otherUserId].map(async (viewerId) => {
          const [view, totalUnread] = await Promise.all([
            conversationsRepo.findView(conversationId, viewerId),
            conversations.totalUnread(viewerId),
          ]);
          if (!view) return;
          emitToUser(io(), viewerId, 'conversation:read', {
            conversationId,
            readerId,
            readSeq,
            unreadMessageCount: view.unread,
            totalUnread,
          });
        }),
      );
    }),

    events.subscribe('conversation.blocked', async ({ conversationId, userIds, blockedIds }) => {
      blockChangedAt.set(conversationId, Date.now());
      emitToUser(io(), userIds, 'conversation:blocked', { conversationId, blockedIds });
      if (!(await legacyEvents())) return;
      // userIds[1] is the member the change was about: blocked when the list now names them.
      const blockedId = userIds[1];
      const event = blockedIds.includes(blockedId) ? 'have_been_blocked_event' : 'have_been_unblocked_event';
      emitToUser(io(), blockedId, event, { conversationId, blockedId });
    }),

    events.subscribe('presence.changed', async ({ userId, online }) => {
      const partners = await conversationsRepo.partnersOf(userId);
      // Nobody to tell is nobody (emitToUser never reads an empty list as everyone).
      emitToUser(io(), partners, 'presence:changed', { userId, online });
    }),
  ];
}
