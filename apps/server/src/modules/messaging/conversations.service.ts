import type { Db } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import { createConversationActions, createConversationPeople } from './conversation-actions.service';
import { createConversationViewing } from './conversation-views.service';
import type { ConversationsRepository } from './conversations.repository';
import type { MemberProfiles } from './member-profiles';
import type { MessagesRepository } from './messages.repository';

// Put together from what the viewer sees (conversation-views.service.ts) and what they do
// (conversation-actions.service.ts).
export { conversationNotFound } from './conversation-views.service';

/** Conversations as each member sees them: listing, starting, hiding, blocking, reading. */
export function createConversationsService({
  db,
  conversations,
  messages,
  presence,
  events,
  profiles,
}: {
  db: Db;
  conversations: ConversationsRepository;
  messages: Pick<MessagesRepository, 'findByIds'>;
  presence: Pick<Presence, 'onlineAmong'>;
  events: EventBus;
  profiles: Pick<MemberProfiles, 'of'>;
}) {
  const { list, get, viewOf } = createConversationViewing({ conversations, messages, presence, profiles });
  const { start, totalUnread, read, hide } = createConversationActions({ db, conversations, events, get });
  const { setBlock, recipient } = createConversationPeople({ conversations, events, get });
  return { list, get, viewOf, start, totalUnread, read, hide, setBlock, recipient };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
