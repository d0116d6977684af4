import type { Bookmark, BookmarkedMessage, List } from '@cc/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { BookmarksRepository } from './bookmarks.repository';
import { profileIn, type MemberProfiles } from './member-profiles';
import type { ConversationsRepository } from './conversations.repository';
import { toBookmarkDto, toBookmarkedMessageDto } from './messaging.presenter';
import type { MessagesRepository } from './messages.repository';

type MessageType = 'text' | 'photo' | 'video' | 'file';

/** Bookmarks are each member's own: adding needs a live message of theirs to read; only the owner removes one. */
export function createBookmarksService({
  bookmarks,
  conversations,
  messages,
  profiles,
}: {
  bookmarks: BookmarksRepository;
  profiles: Pick<MemberProfiles, 'of'>;
  conversations: Pick<ConversationsRepository, 'findMembership'>;
  messages: Pick<MessagesRepository, 'findById'>;
}) {
  async function add({ viewerId, messageId }: { viewerId: string; messageId: string }): Promise<{ bookmark: Bookmark; created: boolean }> {
    const found = await messages.findById(messageId, viewerId);
    if (!found || !(await conversations.findMembership(found.message.conversationId, viewerId)))
      throw notFound('That message was not found.');
    if (found.message.deletedAt)
      throw badRequest('That message was deleted, so it cannot be bookmarked.', {
        fields: { messageId: 'Choose a message that was not deleted' },
      });
    const { bookmark, created } = await bookmarks.addOnce(viewerId, messageId);
    return { bookmark: toBookmarkDto(bookmark), created };
  }

  async function remove({ viewerId, bookmarkId }: { viewerId: string; bookmarkId: string }): Promise<Bookmark> {
    const removed = await bookmarks.removeOwn(viewerId, bookmarkId);
    if (!removed) throw notFound('That bookmark was not found.');
    return toBookmarkDto(removed);
  }

  async function search({
    viewerId,
    query,
  }: {
    viewerId: string;
    query: { q?: string | undefined; type?: MessageType | undefined; limit: number; skip: number };
  }): Promise<List<BookmarkedMessage>> {
    const { rows, count } = await bookmarks.search({ userId: viewerId, ...query, q: query.q || undefined });
    // The senders of the whole page in one read (member-profiles.ts).
    const senders = await profiles.of(rows.map((row) => row.message.senderId));
    return { items: rows.map((row) => toBookmarkedMessageDto(row, profileIn(senders, row.message.senderId))), count };
  }

  return { add, remove, search };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
