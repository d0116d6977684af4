import { EventEmitter } from 'node:events';
import type { files, messages } from '../db/schema';

type MessageRecord = typeof messages.$inferSelect;
type FileRecord = typeof files.$inferSelect;

/**
 * Members' balances right after a ledger movement (hundredths), each with a version that grows with
 * every change of that wallet, so a late event never overwrites a newer balance.
 */
export type WalletBalances = Record<string, { balance: number; version: number }>;

/**
 * The typed in-process bus. Services publish after their transaction commits; feature sockets and
 * jobs subscribe. Cross-process fan-out happens in Socket.IO's adapter, not here.
 */
export type DomainEvents = {
  'session.revoked': { userId: string; sessionIds: string[] | 'all'; reason: 'logout' | 'password-changed' | 'deactivated' | 'suspended' };
  'user.updated': { userId: string };
  'mail.enqueued': Record<string, never>;
  /**
   * These members' wallet balances changed (published after the ledger transaction commits). The
   * ledger sends the balances it wrote, so listeners need not read them back; a member missing from
   * `balances` is read.
   */
  'wallet.changed': { userIds: string[]; balances?: WalletBalances };
  /** A member tipped a model (after commit); amounts in hundredths of a token. */
  'tip.created': { transactionId: string; payerId: string; modelId: string; amount: number; net: number; note: string };
  /** A card payment credited tokens (after commit), whichever path settled it. */
  'payment.approved': { paymentId: string; userId: string; tokens: number; packageName: string };
  /** An administrator approved or refused a model's verification document. */
  'model.reviewed': { userId: string; approved: boolean; reason: string | null };
  /** A member came online (first socket) or went offline (last socket closed). */
  'presence.changed': { userId: string; online: boolean };
  /**
   * Messaging, after commit. `recipientId` is the other member of the conversation. A new message
   * travels with the event (and its attachment, and what the recipient earned from it), so nobody
   * reads back what was just written.
   */
  'message.created': {
    messageId: string;
    conversationId: string;
    senderId: string;
    recipientId: string;
    message: MessageRecord;
    file: FileRecord | null;
    /** The model's net earning from a paid message (hundredths); null when free. */
    recipientEarned: number | null;
  };
  'message.deleted': { messageId: string; conversationId: string; senderId: string; recipientId: string };
  'conversation.read': { conversationId: string; readerId: string; otherUserId: string; readSeq: number };
  'conversation.blocked': { conversationId: string; userIds: [string, string]; blockedIds: string[] };
  /** `ownerId` added `contactUserId` to their contacts. */
  'contact.added': { contactId: string; ownerId: string; contactUserId: string };
  /** A call rang out unanswered (after commit): the model gets a missed-call notification. */
  'call.missed': { callId: string; callerId: string; modelId: string };
  /** A call started ringing for its model (her open tabs were told): one with none open gets a browser push. */
  'call.ringing': { callId: string; callerId: string; modelId: string };
  /** A member bought an item (after commit): the seller is told. Amounts in hundredths. */
  'item.purchased': { purchaseId: string; sellItemId: string; buyerId: string; modelId: string; name: string; price: number; net: number };
  /** An administrator refunded a payment, all of it or part (after commit): the member is told. Tokens in hundredths, money in cents. */
  'payment.refunded': {
    paymentId: string;
    userId: string;
    packageName: string;
    amountCents: number;
    refundedCents: number;
    refundedTokens: number;
    whole: boolean;
  };
  /** A payout request was made or decided (after commit): the model is told. Amounts in hundredths. */
  'payout.changed': {
    payoutRequestId: string;
    modelId: string;
    status: 'pending' | 'approved' | 'paid' | 'rejected';
    amount: number;
    /** The money it pays, in US cents (null on requests from before payout rates). */
    amountCents: number | null;
    note: string;
    /** The transfer's reference, once paid ('' otherwise). */
    reference: string;
  };
};

export type EventBus = {
  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void;
  subscribe<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => void | Promise<void>): () => void;
};

export function createEventBus(onHandlerError: (error: unknown, name: string) => void): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish(name, payload) {
      emitter.emit(name, payload);
    },
    subscribe(name, handler) {
      const wrapped = (payload: DomainEvents[typeof name]) => {
        Promise.resolve()
          .then(() => handler(payload))
          .catch((error: unknown) => onHandlerError(error, name));
      };
      emitter.on(name, wrapped);
      return () => emitter.off(name, wrapped);
    },
  };
}
