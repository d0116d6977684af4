import { TYPING_TTL_MS } from '@cc/contracts';
import type { AppContext } from '../../app-context';
import type { EventBus } from '../../platform/events';
import { emitToUser, onClientEvent, type AppServerSocket, type Io } from '../../platform/socket';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';
import type { Presence } from '../../platform/presence';
import { perTurnBatch } from '../../platform/turn-batch';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toConversationDto, toMessageDto, toXchatMessage } from './messaging.presenter';
import type { MessageRow } from './messages.repository';

type Deps = {
  events: EventBus;
  io: () => Io;
  onSocketConnection: AppContext['onSocketConnection'];
  conversations: Pick<ConversationsService, 'viewOf' | 'totalUnread'>;
  conversationsRepo: Pick<ConversationsRepository, 'findMembership' | 'findView' | 'findBothViewsOf' | 'partnersOf'>;
  presence: Pick<Presence, 'onlineAmong'>;
  profiles: Pick<MemberProfiles, 'of'>;
  /** Whether the xChat client's events go out beside ours (the `legacySocketEvents` setting, cached). */
  legacyEvents: () => Promise<boolean>;
};

/** How long a socket trusts what it learned about a conversation (membership is forever; blocks change). */
const TYPING_CACHE_MS = TYPING_TTL_MS * 2;
const TYPING_CACHE_MAX = 200;
const TYPING_QUEUE_MAX = 20;

/**
 * Turns messaging's domain events into socket events for exactly the people concerned, each with
 * their own view (their unread counts, their bookmarks), and relays typing between the two members.
 */
export function registerMessagingSocket({
  events,
  io,
  onSocketConnection,
  conversations,
  conversationsRepo,
  presence,
  profiles,
  legacyEvents,
}: Deps) {
  /** One member's view of the conversation and their total, computed for them alone. */
  async function countsFor(conversationId: string, viewerId: string) {
    const [conversation, totalUnread] = await Promise.all([
      conversations.viewOf(conversationId, viewerId),
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

  /**
   * Both members' views of a conversation: the messages of one turn, and of the turns while a read
   * is in flight, read theirs together (platform/turn-batch.ts).
   */
  const bothViewsOf = perTurnBatch(conversationsRepo.findBothViewsOf, { callsAtOnce: 1 });

  const unsubscribers = [
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
