import { conversationMembers, files, type users } from '../../db/schema';
import { alias } from 'drizzle-orm/pg-core';

// What conversations' repositories share: the two sides of a membership as table aliases, and
// the shapes they answer, apart from them so none imports another.

/** The viewer's own side of a conversation and the other member's side. */
export const me = alias(conversationMembers, 'me');
export const them = alias(conversationMembers, 'them');
export const otherAvatar = alias(files, 'other_avatar');

export type FileRef = { id: string; fileName: string };

/** A conversation as one member sees it, before presenting (the last message is read separately). */
export type ConversationViewRow = {
  id: string;
  viewerId: string;
  lastMessageId: string | null;
  lastMessageAt: Date | null;
  createdAt: Date;
  lastReadSeq: number;
  blocksOther: boolean;
  otherReadSeq: number;
  otherBlocksViewer: boolean;
  /** When the viewer deleted it from their list, or null (it starts deleted for the member who did not open it). */
  hiddenAt: Date | null;
  other: { id: string; username: string; name: string; type: 'user' | 'model'; tokenPerMessage: number };
  otherAvatar: FileRef | null;
  unread: number;
};

/** Both sides of a membership and the other person's account, for deciding who may do what. */
export type Membership = {
  conversationId: string;
  userId: string;
  otherUserId: string;
  blocksOther: boolean;
  otherBlocksMe: boolean;
  other: Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'role' | 'type' | 'status' | 'modelStatus' | 'tokenPerMessage'>;
};
