import { TYPING_TTL_MS } from '@cc/contracts';
import type { AppContext } from '../../app-context';
import type { EventBus } from '../../platform/events';
import { emitToUser, onClientEvent, type AppServerSocket, type Io } from '../../platform/socket';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';
import { toMessageDto } from './messaging.presenter';
import type { MessageRow, MessagesRepository } from './messages.repository';

type Deps = {
  events: EventBus;
  io: () => Io;
  onSocketConnection: AppContext['onSocketConnection'];
  conversations: Pick<ConversationsService, 'viewOf' | 'totalUnread'>;
  conversationsRepo: Pick<ConversationsRepository, 'findMembership' | 'findView' | 'partnersOf'>;
  messages: Pick<MessagesRepository, 'findById'>;
};

/** How long a socket trusts what it learned about a conversation (membership is forever; blocks change). */
const TYPING_CACHE_MS = TYPING_TTL_MS * 2;
const TYPING_CACHE_MAX = 200;
const TYPING_QUEUE_MAX = 20;

/**
 * Turns messaging's domain events into socket events for exactly the people concerned, each with
 * their own view (their unread counts, their bookmarks), and relays typing between the two members.
 */
export function registerMessagingSocket({ events, io, onSocketConnection, conversations, conversationsRepo, messages }: Deps) {
  /** One member's view of the conversation and their total, computed for them alone. */
  async function countsFor(conversationId: string, viewerId: string, newest?: MessageRow) {
    const [conversation, totalUnread] = await Promise.all([
      conversations.viewOf(conversationId, viewerId, newest),
      conversations.totalUnread(viewerId),
    ]);
    return { conversation, totalUnread };
  }

  /**
   * When this process last saw a block change per conversation: a socket's cached answer older than
   * that is asked again. Other processes' changes are caught by the cache's short lifetime.
   */
  const blockChangedAt = new Map<string, number>();
  const forgetOldBlockChanges = () => {
    const horizon = Date.now() - TYPING_CACHE_MS;
    for (const [id, at] of blockChangedAt) if (at < horizon) blockChangedAt.delete(id);
  };
  const pruner = setInterval(forgetOldBlockChanges, TYPING_CACHE_MS);
  pruner.unref();

  const unsubscribers = [
    events.subscribe('message.created', async ({ messageId, conversationId, senderId, recipientId }) => {
      // Read once, as the recipient sees it: a message this new has no bookmarks yet, and only the
      // model who received a paid message earned from it, so the sender's view is the same row
      // without `earned`.
      const recipientRow = await messages.findById(messageId, recipientId);
      if (!recipientRow) return;
      const views: [string, MessageRow][] = [
        [senderId, { ...recipientRow, earned: null }],
        [recipientId, recipientRow],
      ];
      await Promise.all(
        views.map(async ([viewerId, viewerRow]) => {
          const { conversation, totalUnread } = await countsFor(conversationId, viewerId, viewerRow);
          if (!conversation) return;
          emitToUser(io(), viewerId, 'message:created', { message: toMessageDto(viewerRow), conversation, totalUnread });
        }),
      );
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

    events.subscribe('conversation.blocked', ({ conversationId, userIds, blockedIds }) => {
      blockChangedAt.set(conversationId, Date.now());
      emitToUser(io(), userIds, 'conversation:blocked', { conversationId, blockedIds });
    }),

    events.subscribe('presence.changed', async ({ userId, online }) => {
      const partners = await conversationsRepo.partnersOf(userId);
      // Nobody to tell is nobody (emitToUser never reads an empty list as everyone).
      emitToUser(io(), partners, 'presence:changed', { userId, online });
    }),
  ];

  onSocketConnection((socket: AppServerSocket) => {
    /** Conversations this socket asked about: the other member (null when not a participant) and whether typing may pass. */
    const known = new Map<string, { otherUserId: string | null; mayType: boolean; checkedAt: number }>();

    async function typingTarget(conversationId: string): Promise<string | null> {
      const cached = known.get(conversationId);
      const now = Date.now();
      const fresh = cached && now - cached.checkedAt < TYPING_CACHE_MS && (blockChangedAt.get(conversationId) ?? 0) < cached.checkedAt;
      if (cached && (fresh || cached.otherUserId === null)) return cached.mayType ? cached.otherUserId : null;
      const membership = await conversationsRepo.findMembership(conversationId, socket.data.userId);
      if (known.size >= TYPING_CACHE_MAX) known.clear();
      const entry = {
        otherUserId: membership?.otherUserId ?? null,
        mayType: Boolean(membership && !membership.blocksOther && !membership.otherBlocksMe),
        checkedAt: now,
      };
      known.set(conversationId, entry);
      return entry.mayType ? entry.otherUserId : null;
    }

    // One event at a time per socket, so "stopped typing" never overtakes the "typing" before it;
    // a socket flooding faster than the lookups finish loses the surplus instead of queueing it.
    let queue = Promise.resolve();
    let waiting = 0;
    onClientEvent(socket, 'conversation:typing', ({ conversationId, typing }) => {
      if (waiting >= TYPING_QUEUE_MAX) return;
      waiting++;
      queue = queue
        .then(async () => {
          waiting--;
          const otherUserId = await typingTarget(conversationId);
          if (otherUserId) emitToUser(io(), otherUserId, 'conversation:typing', { conversationId, userId: socket.data.userId, typing });
        })
        // Typing is a courtesy: a failed lookup drops one indicator, nothing more.
        .catch(() => undefined);
    });
  });

  return () => {
    clearInterval(pruner);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
