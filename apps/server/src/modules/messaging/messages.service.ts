import { randomUUID } from 'node:crypto';
import { ErrorCode, type List, type Message, type MessagePage } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Ledger } from '../wallet';
import type { ConversationsRepository, Membership } from './conversations.repository';
import { conversationNotFound } from './conversations.service';
import { toMessageDto } from './messaging.presenter';
import type { MessagesRepository, MessageRow } from './messages.repository';

type Sender = { id: string; username: string; type: 'user' | 'model'; role: 'user' | 'admin' };
type MessageType = 'text' | 'photo' | 'video' | 'file';
export type SendInput = {
  conversationId: string;
  /** The sender's id for this message; without one the server makes one (every such request is new). */
  clientId?: string | undefined;
  type: MessageType;
  text: string;
  mediaId?: string | undefined;
};

/**
 * A message from an ordinary member to a model costs the model's tokenPerMessage; anything else is
 * free. A model not yet approved sells nothing, so it is free too (docs/product.md#messaging).
 */
export function priceOf(sender: Pick<Sender, 'type' | 'role'>, recipient: Membership['other']): number {
  const ordinaryMember = sender.type === 'user' && sender.role === 'user';
  const sellingModel = recipient.type === 'model' && recipient.modelStatus === 'approved';
  return ordinaryMember && sellingModel && recipient.tokenPerMessage > 0 ? recipient.tokenPerMessage : 0;
}

/** Who may send in a conversation right now; throws the refusal a person should read. */
function assertMaySend(membership: Membership) {
  if (membership.blocksOther) throw forbidden('You blocked this member. Unblock them to send messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.otherBlocksMe)
    throw forbidden('This member has blocked you, so you cannot send them messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.other.status !== 'active')
    throw forbidden('This member is no longer available, so you cannot send them messages.', ErrorCode.RECIPIENT_UNAVAILABLE);
}

/** Sending, reading, deleting and catching up on messages. */
export function createMessagesService({
  db,
  conversations,
  messages,
  ledger,
  events,
}: {
  db: Db;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  ledger: Pick<Ledger, 'transferWithCommission' | 'announce'>;
  events: EventBus;
}) {
  async function membershipOrNotFound(conversationId: string, userId: string) {
    const membership = await conversations.findMembership(conversationId, userId);
    if (!membership) throw conversationNotFound();
    return membership;
  }

  async function list({
    viewerId,
    conversationId,
    query,
  }: {
    viewerId: string;
    conversationId: string;
    query: { limit: number; before?: number | undefined; after?: number | undefined; q?: string | undefined };
  }): Promise<MessagePage> {
    await membershipOrNotFound(conversationId, viewerId);
    const { rows, count, hasMore } = await messages.page({ conversationId, viewerId, ...query, q: query.q || undefined });
    return { items: rows.map(toMessageDto), count, hasMore };
  }

  async function latest({
    viewerId,
    query,
  }: {
    viewerId: string;
    query: { limit: number; since?: number | undefined };
  }): Promise<List<Message>> {
    const { rows, count } = await messages.latest({ viewerId, ...query });
    return { items: rows.map(toMessageDto), count };
  }

  /** A retried send answers what was stored under its client id (and charges nothing). */
  function replayOf(row: MessageRow, conversationId: string) {
    if (row.message.conversationId !== conversationId)
      throw conflict('This clientId was already used for a message in another conversation. Make a new one for each message.');
    return { message: toMessageDto(row), created: false };
  }

  /** The attachment must be the sender's own upload of the kind the message says it is. */
  async function assertAttachment(senderId: string, type: MessageType, mediaId: string | undefined) {
    if (!mediaId) return null;
    const file = await messages.findFile(mediaId);
    if (!file || file.kind !== 'media' || file.ownerId !== senderId)
      throw badRequest('mediaId: That attachment was not found among your uploads.', { fields: { mediaId: 'Upload the file first' } });
    if (file.mediaType !== type)
      throw badRequest(`mediaId: That attachment is a ${file.mediaType ?? 'file'}, not a ${type}.`, {
        fields: { mediaId: `Attach a ${type}` },
      });
    return file.id;
  }

  /**
   * Stores a message once per (sender, clientId) and charges for it in the same transaction: a
   * 402 leaves nothing behind, a retry (even five at once) finds the stored message and pays nothing.
   */
  async function send({ sender, input }: { sender: Sender; input: SendInput }): Promise<{ message: Message; created: boolean }> {
    // A client that sends no id of its own cannot retry: a fresh id makes the request a new message.
    const clientId = input.clientId ?? randomUUID();
    const stored = await messages.findBySenderClient(sender.id, clientId);
    if (stored) return replayOf(stored, input.conversationId);

    const membership = await membershipOrNotFound(input.conversationId, sender.id);
    assertMaySend(membership);
    const fileId = await assertAttachment(sender.id, input.type, input.mediaId);
    const price = priceOf(sender, membership.other);
    const recipientId = membership.otherUserId;

    const outcome = await db.transaction(async (tx) => {
      // One sender at a time per conversation: messages then commit in `seq` order, so a read
      // position or a catch-up cursor never passes a message that commits later.
      await conversations.lock(input.conversationId, tx);
      const inserted = await messages.insertOnce(
        {
          conversationId: input.conversationId,
          senderId: sender.id,
          clientId,
          type: input.type,
          text: input.text,
          fileId,
          price,
        },
        tx,
      );
      if (!inserted) return { messageId: undefined, walletUserIds: [] };
      let walletUserIds: string[] = [];
      if (price > 0) {
        const paid = await ledger.transferWithCommission(
          {
            payerId: sender.id,
            modelId: recipientId,
            gross: price,
            source: 'message',
            idempotencyKey: `message:${sender.id}:${clientId}`,
            memo: `Message from @${sender.username} to @${membership.other.username}`,
            metadata: { messageId: inserted.id, conversationId: input.conversationId },
          },
          tx,
        );
        await messages.setTransaction(inserted.id, paid.transactionId, tx);
        walletUserIds = paid.userIds;
      }
      await conversations.setLastMessage(input.conversationId, inserted, tx);
      return { messageId: inserted.id, walletUserIds };
    });

    if (!outcome.messageId) {
      // Another copy of this send committed while we waited for the conversation.
      const winner = await messages.findBySenderClient(sender.id, clientId);
      if (!winner) throw conflict('That message is still being sent. Please try again.');
      return replayOf(winner, input.conversationId);
    }
    ledger.announce(outcome.walletUserIds);
    events.publish('message.created', {
      messageId: outcome.messageId,
      conversationId: input.conversationId,
      senderId: sender.id,
      recipientId,
    });
    const row = await messages.findById(outcome.messageId, sender.id);
    if (!row) throw new Error('message vanished after commit');
    return { message: toMessageDto(row), created: true };
  }

  /** Only the sender deletes, for both people; the other participant is refused, anyone else never learns it exists. */
  async function remove({ viewerId, messageId }: { viewerId: string; messageId: string }): Promise<Message> {
    const found = await messages.findById(messageId, viewerId);
    const membership = found && (await conversations.findMembership(found.message.conversationId, viewerId));
    if (!found || !membership) throw notFound('That message was not found.');
    if (found.message.senderId !== viewerId) throw forbidden('Only the sender can delete a message.');
    if (found.message.deletedAt) return toMessageDto(found);

    await db.transaction((tx) => messages.markDeleted(messageId, tx));
    events.publish('message.deleted', {
      messageId,
      conversationId: found.message.conversationId,
      senderId: viewerId,
      recipientId: membership.otherUserId,
    });
    const row = await messages.findById(messageId, viewerId);
    if (!row) throw new Error('message vanished after delete');
    return toMessageDto(row);
  }

  return { list, latest, send, remove };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
