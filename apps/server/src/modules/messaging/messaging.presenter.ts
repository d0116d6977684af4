import { randomUUID } from 'node:crypto';
import type { Bookmark, BookmarkedMessage, Conversation, Message, MessageParty, PublicUser, ServerEventData } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import { toMediaDto } from '../media';
import type { BookmarkRow, BookmarkSearchRow } from './bookmarks.repository';
import type { ConversationViewRow, FileRef } from './conversations.repository';
import type { MessageRow } from './messages.repository';

/** Every DTO is an explicit allow-list: storage keys, owners and ledger ids never leave the server. */

const avatarUrl = (avatar: FileRef | null | undefined) => (avatar ? fileUrl(avatar) : null);

/** `sender` is the sender's public profile (member-profiles.ts). */
export function toMessageDto({ message, file, bookmarkId, earned }: MessageRow, sender: PublicUser): Message {
  const deleted = message.deletedAt !== null;
  return {
    _id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    sender,
    clientId: message.clientId,
    type: message.type,
    text: deleted ? '' : message.text,
    media: file && !deleted ? toMediaDto(file) : null,
    price: message.price,
    earned,
    seq: Number(message.seq),
    createdAt: message.createdAt.toISOString(),
    deletedAt: message.deletedAt?.toISOString() ?? null,
    bookmarked: bookmarkId !== null,
    bookmarkId,
  };
}

/** A message as the xChat client's `new_message` carries it: ours with `files`, `fileIds` and `recipientId`. */
export function toXchatMessage(message: Message, recipientId: string): ServerEventData<'new_message'> {
  const files = message.media ? [{ ...message.media, fileUrl: message.media.url, thumbUrl: message.media.thumbnailUrl, isFree: true }] : [];
  return { ...message, recipientId, files, fileIds: files.map((f) => f._id), uuid: randomUUID() };
}

/** Who is blocked in a conversation, whichever side is looking. */
export function blockedIdsOf(row: { viewerId: string; blocksOther: boolean; otherBlocksViewer: boolean; other: { id: string } }): string[] {
  return [...(row.blocksOther ? [row.other.id] : []), ...(row.otherBlocksViewer ? [row.viewerId] : [])];
}

/** `members` are both members' public profiles, the viewer first. */
export function toConversationDto(
  row: ConversationViewRow,
  lastMessage: Message | null,
  recipientOnline: boolean,
  members: PublicUser[],
): Conversation {
  return {
    _id: row.id,
    recipient: {
      _id: row.other.id,
      username: row.other.username,
      name: row.other.name,
      avatarUrl: avatarUrl(row.otherAvatar),
      type: row.other.type,
      tokenPerMessage: row.other.tokenPerMessage,
      isOnline: recipientOnline,
    },
    members,
    blockedIds: blockedIdsOf(row),
    haveBeenBlockStatus: row.otherBlocksViewer,
    unreadMessageCount: row.unread,
    lastMessageId: row.lastMessageId,
    lastMessage,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    recipientReadSeq: Number(row.otherReadSeq),
    createdAt: row.createdAt.toISOString(),
  };
}

export const toBookmarkDto = (row: BookmarkRow): Bookmark => ({
  _id: row.id,
  messageId: row.messageId,
  createdAt: row.createdAt.toISOString(),
});

const toParty = (user: { id: string; username: string; name: string }, avatar: FileRef | null): MessageParty => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  avatarUrl: avatarUrl(avatar),
});

export const toBookmarkedMessageDto = (row: BookmarkSearchRow, sender: PublicUser): BookmarkedMessage => ({
  _id: row.bookmark.id,
  createdAt: row.bookmark.createdAt.toISOString(),
  message: toMessageDto({ message: row.message, file: row.file, bookmarkId: row.bookmark.id, earned: row.earned }, sender),
  sender: toParty(row.sender, row.senderAvatar),
  recipient: toParty(row.other, row.otherAvatar),
});
