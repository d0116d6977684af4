import type { Db } from '../../platform/db';
import { createConversationChanges, createConversationMembers } from './conversation-members.repository';
import { createConversationViews } from './conversation-views.repository';

// Conversations' one repository, put together from its parts: views (conversation-views.repository.ts)
// and members (conversation-members.repository.ts).
export type { ConversationViewRow, FileRef, Membership } from './conversation-rows';

/** The only code touching conversations and their members (and the few user facts they show). */
export function createConversationsRepository(db: Db) {
  return { ...createConversationViews(db), ...createConversationMembers(db), ...createConversationChanges(db) };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
