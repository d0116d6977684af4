import type { AppContext } from '../../app-context';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import type { Io } from '../../platform/socket';
import { subscribeConversationEvents } from './conversation-events.socket';
import type { ConversationsRepository } from './conversations.repository';
import type { ConversationsService } from './conversations.service';
import { subscribeMessageEvents } from './message-events.socket';
import type { MemberProfiles } from './member-profiles';
import { relayTyping, TYPING_CACHE_MS } from './typing.socket';

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

/**
 * Turns messaging's domain events into socket events for exactly the people concerned, each with
 * their own view (their unread counts, their bookmarks), and relays typing between the two members.
 * The messages' events (message-events.socket.ts), the conversations' (conversation-events.socket.ts)
 * and typing (typing.socket.ts) share what this process saw of block changes.
 */
export function registerMessagingSocket(deps: Deps) {
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

  const unsubscribers = [...subscribeMessageEvents(deps), ...subscribeConversationEvents(deps, blockChangedAt)];
  relayTyping(deps, blockChangedAt);

  return () => {
    clearInterval(pruner);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
