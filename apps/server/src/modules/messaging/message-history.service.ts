import type { List, Message, MessagePage } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { ConversationsRepository } from './conversations.repository';
import { conversationNotFound } from './conversations.service';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toMessageDto } from './messaging.presenter';
import type { MessageRow, MessagesRepository } from './messages.repository';

/** Reading a conversation's messages, catching up on all of them, and deleting one. */
export function createMessageHistory({
  db,
  conversations,
  messages,
  events,
  profiles,
}: {
  db: Db;
  conversations: Pick<ConversationsRepository, 'findMembership'>;
  messages: Pick<MessagesRepository, 'page' | 'latest' | 'findById' | 'markDeleted'>;
  events: EventBus;
  profiles: Pick<MemberProfiles, 'of'>;
}) {
  async function membershipOrNotFound(conversationId: string, userId: string) {
    const membership = await conversations.findMembership(conversationId, userId);
    if (!membership) throw conversationNotFound();
    return membership;
  }

  /** Each message with its sender's profile: one read for the page (member-profiles.ts), never one per message. */
  async function withSenders(rows: MessageRow[]): Promise<Message[]> {
    const senders = await profiles.of(rows.map((row) => row.message.senderId));
    return rows.map((row) => toMessageDto(row, profileIn(senders, row.message.senderId)));
  }

  const oneWithSender = async (row: MessageRow): Promise<Message> => (await withSenders([row]))[0]!;

  async function list({
    viewerId,
    conversationId,
    query,
  }: {
    viewerId: string;
    conversationId: string;
    query: { limit: number; skip: number; before?: number | undefined; after?: number | undefined; q?: string | undefined };
  }): Promise<MessagePage> {
    await membershipOrNotFound(conversationId, viewerId);
    const { rows, count, hasMore } = await messages.page({ conversationId, viewerId, ...query, q: query.q || undefined });
    return { items: await withSenders(rows), count, hasMore };
  }

  async function latest({
    viewerId,
    query,
  }: {
    viewerId: string;
    query: { limit: number; since?: number | undefined };
  }): Promise<List<Message>> {
    const { rows, count } = await messages.latest({ viewerId, ...query });
    return { items: await withSenders(rows), count };
  }

  /** Only the sender deletes, for both people; the other participant is refused, anyone else never learns it exists. */
  async function remove({ viewerId, messageId }: { viewerId: string; messageId: string }): Promise<Message> {
    const found = await messages.findById(messageId, viewerId);
    const membership = found && (await conversations.findMembership(found.message.conversationId, viewerId));
    if (!found || !membership) throw notFound('That message was not found.');
    if (found.message.senderId !== viewerId) throw forbidden('Only the sender can delete a message.');
    if (found.message.deletedAt) return oneWithSender(found);

    await db.transaction((tx) => messages.markDeleted(found.message, tx));
    events.publish('message.deleted', {
      messageId,
      conversationId: found.message.conversationId,
      senderId: viewerId,
      recipientId: membership.otherUserId,
    });
    const row = await messages.findById(messageId, viewerId);
    if (!row) throw new Error('message vanished after delete');
    return oneWithSender(row);
  }

  return { list, latest, remove, oneWithSender };
}
