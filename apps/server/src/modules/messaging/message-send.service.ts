import { randomUUID } from 'node:crypto';
import { ErrorCode, type Message } from '@cc/contracts';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Ledger } from '../wallet';
import type { ConversationsRepository, Membership } from './conversations.repository';
import { conversationNotFound } from './conversations.service';
import type { createMessageCharges, PaidStored } from './message-charges.service';
import { priceOf, SELLING_MODEL, type Sender } from './message-price';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toMessageDto } from './messaging.presenter';
import type { MediaFileRow, MessageRow, MessagesRepository, NewMessage } from './messages.repository';
import { messagePriceChanged, PriceMovedMeanwhile } from './price-seen';

// Sending a message: the free send in one statement, else a paid one (message-charges.service.ts),
// and any retry answered with what was stored (docs/decisions/0007-messaging.md).

type MessageType = 'text' | 'photo' | 'video' | 'file';
/** What a send says, to tell a retry of a stored message from another message under its client id. */
type SentContent = Pick<NewMessage, 'conversationId' | 'type' | 'text' | 'fileId'>;
export type SendInput = {
  conversationId: string;
  /** The sender's id for this message; without one the server makes one (every such request is new). */
  clientId?: string | undefined;
  type: MessageType;
  text: string;
  mediaId?: string | undefined;
  /** The price per message the sender saw, in hundredths (docs/product.md#price-changes); none: the current price. */
  expectedPrice?: number | undefined;
};

/** Why this member may not send in this conversation right now (the refusal a person should read), or null. */
function refusalOf(membership: Membership) {
  if (membership.blocksOther) return forbidden('You blocked this member. Unblock them to send messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.otherBlocksMe)
    return forbidden('This member has blocked you, so you cannot send them messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.other.status !== 'active')
    return forbidden('This member is no longer available, so you cannot send them messages.', ErrorCode.RECIPIENT_UNAVAILABLE);
  return null;
}

/** What a send checks besides the conversation: its attachment, and whether it is a retry. */
export function createSendChecks({
  messages,
  oneWithSender,
}: {
  messages: Pick<MessagesRepository, 'findFile' | 'findBySenderClient'>;
  oneWithSender: (row: MessageRow) => Promise<Message>;
}) {
  /**
   * A retried send answers what was stored under its client id (and charges nothing). The same id
   * with another text or attachment is not a retry but a second message under a used id: refused, as
   * a reused idempotency key is elsewhere, rather than answered with the first and silently dropped.
   */
  async function replayOf(row: MessageRow, sent: SentContent) {
    if (row.message.conversationId !== sent.conversationId)
      throw conflict('This clientId was already used for a message in another conversation. Make a new one for each message.');
    const stored = row.message;
    if (stored.type !== sent.type || (stored.text ?? null) !== (sent.text ?? null) || (stored.fileId ?? null) !== (sent.fileId ?? null))
      throw conflict('This clientId was already used for a different message. Make a new one for each message.');
    return { message: await oneWithSender(row), created: false };
  }

  /** The attachment must be the sender's own upload of the kind the message says it is. */
  async function attachmentOf(senderId: string, type: MessageType, mediaId: string | undefined): Promise<MediaFileRow | null> {
    if (!mediaId) return null;
    const file = await messages.findFile(mediaId);
    if (!file || file.kind !== 'media' || file.ownerId !== senderId)
      throw badRequest('mediaId: That attachment was not found among your uploads.', { fields: { mediaId: 'Upload the file first' } });
    if (file.mediaType !== type)
      throw badRequest(`mediaId: That attachment is a ${file.mediaType ?? 'file'}, not a ${type}.`, {
        fields: { mediaId: `Attach a ${type}` },
      });
    return file;
  }

  /** What this sender stored under this client id, answered as the retry it is; undefined when nothing. */
  async function replayIfStored(sent: SentContent & { senderId: string; clientId: string }) {
    const stored = await messages.findBySenderClient(sent.senderId, sent.clientId);
    return stored ? replayOf(stored, sent) : undefined;
  }

  return { attachmentOf, replayIfStored };
}

type SendDeps = {
  conversations: Pick<ConversationsRepository, 'findMembership'>;
  messages: Pick<MessagesRepository, 'insertIfFree'>;
  ledger: Pick<Ledger, 'announce'>;
  events: EventBus;
  profiles: Pick<MemberProfiles, 'of'>;
  charges: ReturnType<typeof createMessageCharges>;
  checks: ReturnType<typeof createSendChecks>;
};

/** Sending: checked, then stored free or charged, then announced. */
export function createMessageSend({ conversations, messages, ledger, events, profiles, charges, checks }: SendDeps) {
  const { chargeTogether, chargeAndStore } = charges;
  const { attachmentOf, replayIfStored } = checks;
  /**
   * Stores a message once per (sender, clientId) and charges for it in the same transaction: a
   * 402 leaves nothing behind, a retry (even five at once) finds the stored message and pays nothing.
   * A free message is one statement after the membership read (docs/decisions/0007-messaging.md).
   */
  async function send({ sender, input }: { sender: Sender; input: SendInput }): Promise<{ message: Message; created: boolean }> {
    // The sender's profile for the answer, read (when not remembered) while the message is stored.
    const senderProfile = profiles.of([sender.id]);
    senderProfile.catch(() => undefined); // awaited below; a refused send never reads it
    // A client that sends no id of its own cannot retry: a fresh id makes the request a new message.
    const clientId = input.clientId ?? randomUUID();
    const file = await attachmentOf(sender.id, input.type, input.mediaId);
    const values = {
      conversationId: input.conversationId,
      senderId: sender.id,
      clientId,
      type: input.type,
      text: input.text,
      fileId: file?.id ?? null,
      price: 0,
    };
    // Most messages are free: checked and stored in one statement. What it leaves is told apart here.
    // A sender who saw a price is never stored free (docs/product.md#price-changes): only the membership is read.
    const expectsToPay = input.expectedPrice !== undefined && input.expectedPrice > 0;
    const attempt = expectsToPay
      ? { membership: await conversations.findMembership(input.conversationId, sender.id), record: undefined }
      : await messages.insertIfFree({ ...values, senderPaysModels: priceOf(sender, SELLING_MODEL) > 0 });
    const membership = attempt.membership;
    if (!membership || refusalOf(membership)) {
      // A retry of a message stored before a block (or before leaving) still gets its answer.
      const replay = input.clientId ? await replayIfStored(values) : undefined;
      if (replay) return replay;
      if (!membership) throw conversationNotFound();
      throw refusalOf(membership)!;
    }
    const price = priceOf(sender, membership.other);
    const recipientId = membership.otherUserId;
    // A retry of a message stored at the old price still gets its answer; anything else is refused.
    const refusePriceChange = async (now: number) => {
      const replay = input.clientId ? await replayIfStored(values) : undefined;
      if (replay) return replay;
      throw messagePriceChanged(now);
    };
    if (input.expectedPrice !== undefined && input.expectedPrice !== price) return refusePriceChange(price);

    const paidSend = { sender, values, price, recipient: membership.other, expectedPrice: input.expectedPrice };
    let stored: PaidStored;
    try {
      stored =
        price === 0
          ? { record: attempt.record, earned: null, paid: null }
          : ((await chargeTogether(paidSend)) ?? (await chargeAndStore(paidSend)));
    } catch (error) {
      if (error instanceof PriceMovedMeanwhile) return refusePriceChange(error.price);
      throw error;
    }

    if (!stored.record) {
      // This client id is stored already: a retry, or another copy of this send that committed first.
      const replay = await replayIfStored(values);
      if (!replay) throw conflict('That message is still being sent. Please try again.');
      return replay;
    }
    if (stored.paid) ledger.announce(stored.paid);
    events.publish('message.created', {
      messageId: stored.record.id,
      conversationId: input.conversationId,
      senderId: sender.id,
      recipientId,
      message: stored.record,
      file,
      recipientEarned: stored.earned,
    });
    // The sender's view: nothing bookmarked yet, nothing earned (only the model earns from a paid message).
    const row = { message: stored.record, file, bookmarkId: null, earned: null };
    return { message: toMessageDto(row, profileIn(await senderProfile, sender.id)), created: true };
  }

  return { send };
}
