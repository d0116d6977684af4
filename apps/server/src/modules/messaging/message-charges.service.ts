import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../platform/db';
import { perTurnBatch } from '../../platform/turn-batch';
import type { Ledger, Posted } from '../wallet';
import type { Membership } from './conversations.repository';
import { priceOf, type Sender } from './message-price';
import type { MessageRecord, MessagesRepository, NewMessage } from './messages.repository';
import { PriceMovedMeanwhile } from './price-seen';

// Paid sends: the charge and the message in one transaction, alone (`chargeAndStore`) or many
// together (`chargeTogether`; docs/decisions/0011-per-turn-batching.md). Their order of work is
// the ledger's movement first, then the prices seen, then the message.

/** Thrown to roll a charge back: this client id is stored already, so the send is a retry. */
class StoredAlready extends Error {}

/** A paid send's parts: who pays whom, the message the charge pays for, and the price the sender saw (if said). */
export type PaidSend = {
  sender: Sender;
  values: NewMessage & { clientId: string };
  price: number;
  recipient: Membership['other'];
  expectedPrice: number | undefined;
};
/** What a paid send stored (undefined record: nothing new, a retry) and the movement that paid for it, to announce. */
export type PaidStored = { record: MessageRecord | undefined; earned: number | null; paid: Posted | null };
export const nothingNew: PaidStored = { record: undefined, earned: null, paid: null };

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

/** Charging for messages and storing them, in the ledger's transaction. */
export function createMessageCharges({
  db,
  messages,
  ledger,
}: {
  db: Db;
  messages: Pick<MessagesRepository, 'lockPricesOf' | 'insertPaid' | 'insertManyPaid'>;
  ledger: Pick<Ledger, 'transferWithCommission' | 'transfersWithCommission'>;
}) {
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

  return { chargeAndStore, chargeTogether };
}
