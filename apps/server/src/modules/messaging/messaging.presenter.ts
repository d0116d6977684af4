import type { Bookmark, BookmarkedMessage, Conversation, Media, Message, MessageParty, ProfileByUsername } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import type { BookmarkRow, BookmarkSearchRow } from './bookmarks.repository';
import type { ConversationViewRow, FileRef } from './conversations.repository';
import type { MediaFileRow, MessageRecord, MessageRow } from './messages.repository';

/** Every DTO is an explicit allow-list: storage keys, owners and ledger ids never leave the server. */

const avatarUrl = (avatar: FileRef | null | undefined) => (avatar ? fileUrl(avatar) : null);

export function toMediaDto(file: MediaFileRow, messageType: MessageRecord['type']): Media {
  return {
    _id: file.id,
    type: file.mediaType ?? (messageType === 'text' ? 'file' : messageType),
    name: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    url: `/api/media/${file.id}/download/`,
    thumbnailUrl: file.thumbnailKey ? `/api/media/${file.id}/thumbnail` : null,
    width: file.width,
    height: file.height,
    createdAt: file.createdAt.toISOString(),
  };
}

export function toMessageDto({ message, file, bookmarkId }: MessageRow): Message {
  const deleted = message.deletedAt !== null;
  return {
    _id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    clientId: message.clientId,
    type: message.type,
    text: deleted ? '' : message.text,
    media: file && !deleted ? toMediaDto(file, message.type) : null,
    price: message.price,
    seq: Number(message.seq),
    createdAt: message.createdAt.toISOString(),
    deletedAt: message.deletedAt?.toISOString() ?? null,
    bookmarked: bookmarkId !== null,
    bookmarkId,
  };
}

/** Who is blocked in a conversation, whichever side is looking. */
export function blockedIdsOf(row: { viewerId: string; blocksOther: boolean; otherBlocksViewer: boolean; other: { id: string } }): string[] {
  return [...(row.blocksOther ? [row.other.id] : []), ...(row.otherBlocksViewer ? [row.viewerId] : [])];
}

export function toConversationDto(row: ConversationViewRow, lastMessage: Message | null, recipientOnline: boolean): Conversation {
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

type ProfileRow = {
  user: {
    id: string;
    username: string;
    name: string;
    bio: string;
    type: 'user' | 'model';
    tokenPerMessage: number;
    callRate: number;
    callAvailable: boolean;
    phoneVerified: boolean;
    createdAt: Date;
  };
  avatar: FileRef | null;
  contactId: string | null;
};

/** The other person as a profile card shows them, with the viewer's favourite of them. */
export function toRecipientProfile({ user, avatar, contactId }: ProfileRow): ProfileByUsername {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    bio: user.bio,
    avatarUrl: avatarUrl(avatar),
    type: user.type,
    tokenPerMessage: user.tokenPerMessage,
    callRate: user.callRate,
    callAvailable: user.callAvailable,
    phoneVerified: user.phoneVerified,
    createdAt: user.createdAt.toISOString(),
    isFriend: contactId !== null,
    contactId,
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

export const toBookmarkedMessageDto = (row: BookmarkSearchRow): BookmarkedMessage => ({
  _id: row.bookmark.id,
  createdAt: row.bookmark.createdAt.toISOString(),
  message: toMessageDto({ message: row.message, file: row.file, bookmarkId: row.bookmark.id }),
  sender: toParty(row.sender, row.senderAvatar),
  recipient: toParty(row.other, row.otherAvatar),
});
