import { randomUUID } from 'node:crypto';
import { ErrorCode, type List, type Message, type MessagePage } from '@cc/contracts';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { perTurnBatch } from '../../platform/turn-batch';
import type { Ledger, Posted } from '../wallet';
import type { ConversationsRepository, Membership } from './conversations.repository';
import { conversationNotFound } from './conversations.service';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toMessageDto } from './messaging.presenter';
import type { MediaFileRow, MessageRecord, MessagesRepository, MessageRow, NewMessage } from './messages.repository';
import { messagePriceChanged, PriceMovedMeanwhile } from './price-seen';

type Sender = { id: string; username: string; type: 'user' | 'model'; role: 'user' | 'admin' };
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

/**
 * A message from an ordinary member to a model costs the model's tokenPerMessage; anything else is
 * free. A model not yet approved sells nothing, so it is free too (docs/product.md#messaging).
 */
export function priceOf(
  sender: Pick<Sender, 'type' | 'role'>,
  recipient: Pick<Membership['other'], 'type' | 'modelStatus' | 'tokenPerMessage'>,
): number {
  const ordinaryMember = sender.type === 'user' && sender.role === 'user';
  const sellingModel = recipient.type === 'model' && recipient.modelStatus === 'approved';
  return ordinaryMember && sellingModel && recipient.tokenPerMessage > 0 ? recipient.tokenPerMessage : 0;
}

/** Any model who sells messages: whether a sender would pay one is the sender's half of `priceOf`. */
const SELLING_MODEL = { type: 'model', modelStatus: 'approved', tokenPerMessage: 1 } as Membership['other'];

/** Why this member may not send in this conversation right now (the refusal a person should read), or null. */
function refusalOf(membership: Membership) {
  if (membership.blocksOther) return forbidden('You blocked this member. Unblock them to send messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.otherBlocksMe)
    return forbidden('This member has blocked you, so you cannot send them messages.', ErrorCode.CONVERSATION_BLOCKED);
  if (membership.other.status !== 'active')
    return forbidden('This member is no longer available, so you cannot send them messages.', ErrorCode.RECIPIENT_UNAVAILABLE);
  return null;
}

/** Thrown to roll a charge back: this client id is stored already, so the send is a retry. */
class StoredAlready extends Error {}

/** Sending, reading, deleting and catching up on messages. */
export function createMessagesService({
  db,
  conversations,
  messages,
  ledger,
  events,
  profiles,
}: {
  db: Db;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  profiles: Pick<MemberProfiles, 'of'>;
  ledger: Pick<Ledger, 'transferWithCommission' | 'transfersWithCommission' | 'announce'>;
  events: EventBus;
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

  /** A paid send's parts: who pays whom, the message the charge pays for, and the price the sender saw (if said). */
  type PaidSend = {
    sender: Sender;
    values: NewMessage & { clientId: string };
    price: number;
    recipient: Membership['other'];
    expectedPrice: number | undefined;
  };
  /** What a paid send stored (undefined record: nothing new, a retry) and the movement that paid for it, to announce. */
  type PaidStored = { record: MessageRecord | undefined; earned: number | null; paid: Posted | null };
  const nothingNew: PaidStored = { record: undefined, earned: null, paid: null };

  function transferOf({ sender, values, price, recipient }: PaidSend, messageId: string) {
    return {
      payerId: sender.id,
      modelId: recipient.id,
      gross: price,
      source: 'message' as const,
      idempotencyKey: `message:${sender.id}:${values.clientId}`,
      memo: `Message from @${sender.username} to @${recipient.username}`,
      metadata: { messageId, conversationId: values.conversationId },
    };
  }

  /**
   * docs/product.md#price-changes: for the sends that carry the price their sender saw, the
   * recipients' prices are read again in the charging transaction, under a share lock (a price
   * change waits for it); one that moved since the send was checked rolls the transaction back.
   */
  async function holdPricesSeen(sends: PaidSend[], tx: Tx) {
    const seen = sends.filter((send) => send.expectedPrice !== undefined);
    if (seen.length === 0) return;
    const current = await messages.lockPricesOf([...new Set(seen.map((send) => send.recipient.id))], tx);
    for (const send of seen) {
      const pricing = current.get(send.recipient.id);
      const price = pricing ? priceOf(send.sender, pricing) : send.price;
      if (price !== send.price) throw new PriceMovedMeanwhile(price);
    }
  }

  /**
   * A paid message alone: the price seen held (`holdPricesSeen`), then the charge, then the message under the id and the transaction the
   * charge named, so it is written complete (no update ties it to its transaction afterwards). The
   * ledger's key refuses a second charge for this client id (undefined record: a retry). A client
   * id stored already as a free message rolls the charge back, and that send is answered as its
   * retry too.
   */
  async function chargeAndStore(send: PaidSend): Promise<PaidStored> {
    const messageId = randomUUID();
    try {
      return await db.transaction(async (tx) => {
        await holdPricesSeen([send], tx);
        const paid = await ledger.transferWithCommission(transferOf(send, messageId), tx);
        if (paid.replayed) return nothingNew;
        const record = await messages.insertPaid(
          { ...send.values, price: send.price, id: messageId, transactionId: paid.transactionId },
          tx,
        );
        if (!record) throw new StoredAlready();
        return { record, earned: paid.net, paid };
      });
    } catch (error) {
      if (error instanceof StoredAlready) return nothingNew;
      throw error;
    }
  }

  /**
   * Many paid messages in one transaction of two statements: every charge (`ledger.transfersWithCommission`),
   * then the prices seen held (`holdPricesSeen`), then every message it paid for. What that leaves
   * out (a refusal, a retry, a price changed or a client id stored already, which roll the whole
   * group back) is sent alone by `chargeAndStore`, for its exact answer.
   */
  async function chargeAndStoreMany(sends: PaidSend[]): Promise<Map<PaidSend, PaidStored>> {
    const messageIds = sends.map(() => randomUUID());
    try {
      return await ledger.transfersWithCommission(
        sends.map((send, index) => transferOf(send, messageIds[index]!)),
        async (transfers, tx) => {
          const charged = sends.flatMap((send, index) => {
            const paid = transfers[index];
            return paid ? [{ send, paid, id: messageIds[index]! }] : [];
          });
          if (charged.length === 0) return new Map();
          await holdPricesSeen(
            charged.map(({ send }) => send),
            tx,
          );
          const records = await messages.insertManyPaid(
            charged.map(({ send, paid, id }) => ({ ...send.values, price: send.price, id, transactionId: paid.transactionId })),
            tx,
          );
          if (records.some((record) => !record)) throw new StoredAlready();
          return new Map(charged.map(({ send, paid }, index) => [send, { record: records[index], earned: paid.net, paid }]));
        },
      );
    } catch (error) {
      if (error instanceof StoredAlready || error instanceof PriceMovedMeanwhile || sends.length > 1) return new Map();
      throw error;
    }
  }

  // Paid sends that arrive together (one turn, or while a group is being stored) are charged and
  // stored together, one group at a time (platform/turn-batch.ts); the rest go alone.
  const chargeTogether = perTurnBatch(chargeAndStoreMany, { callsAtOnce: 1 });

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

  return { list, latest, send, remove };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
