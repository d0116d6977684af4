import { eq, inArray, sql } from 'drizzle-orm';
import { conversationMembers, conversations, messageBookmarks, messages, users } from '../../db/schema';
import type { Membership } from './conversation-rows';
import type { Db, Tx } from '../../platform/db';
import { perTurnBatch } from '../../platform/turn-batch';
import {
  freeSendArrays,
  insertManyIfFreeStatement,
  insertManyPaidStatement,
  insertPaidStatement,
  messageArrays,
  statementParams,
  storedRecord,
} from './message-inserts.sql';
import type { FreeSend, FreeSendAnswer, InsertIfFreeRow, MemberPricing, MessageRecord, NewMessage } from './message-rows';

// What changes messages: the three send paths' statements (free grouped, paid grouped, paid alone;
// docs/decisions/0011-per-turn-batching.md), the price lock of a paid send, and deleting.

/** Storing messages, free or paid, alone or many in one statement. */
export function createMessageSends(db: Db) {
  /**
   * Stores a paid message, under the id and with the ledger transaction its caller already has,
   * unless this sender already stored this client id (undefined then: a retry), in one statement:
   * it locks the conversation before the message takes its `seq`, so messages of a conversation
   * commit in `seq` order (a read position or catch-up cursor never passes a message that commits
   * later), makes it the conversation's last message and counts it unread for the other member
   * (docs/decisions/0007-messaging.md).
   */
  async function insertPaid(values: NewMessage & { id: string; transactionId: string }, tx: Tx): Promise<MessageRecord | undefined> {
    const [row] = await insertPaidStatement(tx, { ...statementParams(values), id: values.id, transactionId: values.transactionId });
    return row ? { ...storedRecord(values, row), transactionId: values.transactionId } : undefined;
  }

  /**
   * `insertPaid` for many messages in one statement (`insertManyPaidStatement`): for each, in order,
   * the stored message, or undefined when its sender had stored its client id already.
   */
  async function insertManyPaid(
    values: (NewMessage & { id: string; transactionId: string })[],
    tx: Tx,
  ): Promise<(MessageRecord | undefined)[]> {
    const rows = await insertManyPaidStatement(tx, {
      ...messageArrays(values),
      ids: values.map((value) => value.id),
      prices: values.map((value) => value.price ?? 0),
      transactionIds: values.map((value) => value.transactionId),
    });
    const records: (MessageRecord | undefined)[] = values.map(() => undefined);
    for (const row of rows) {
      const value = values[Number(row.n) - 1]!;
      records[Number(row.n) - 1] = { ...storedRecord(value, row), transactionId: value.transactionId };
    }
    return records;
  }

  /** Many free sends in one statement; a client id sent twice among them is sent again after the rest (it is then a retry). */
  async function insertManyIfFree(sends: FreeSend[]): Promise<Map<FreeSend, FreeSendAnswer>> {
    const firstOfEach = new Map<string, FreeSend>();
    const repeats: FreeSend[] = [];
    for (const send of sends) {
      const key = `${send.senderId}:${send.clientId}`;
      if (firstOfEach.has(key)) repeats.push(send);
      else firstOfEach.set(key, send);
    }
    const once = [...firstOfEach.values()];
    const rows = await insertManyIfFreeStatement(db, freeSendArrays(once));
    const rowOf = new Map(rows.map((row) => [Number(row.n), row]));
    const answers = new Map(once.map((send, index) => [send, freeSendAnswer(send, rowOf.get(index + 1))]));
    if (repeats.length > 0) for (const [send, answer] of await insertManyIfFree(repeats)) answers.set(send, answer);
    return answers;
  }

  // Under load many sends finish their checks in one turn of the event loop, and more arrive while
  // a statement runs: stored together, they cost one statement and one commit instead of one each
  // (platform/turn-batch.ts). When the shared statement fails, each of its sends is tried alone, so
  // one send's failure is not another's.
  const insertTogether = perTurnBatch(
    async (sends: FreeSend[]) => {
      try {
        return await insertManyIfFree(sends);
      } catch (error) {
        if (sends.length === 1) throw error;
        return new Map<FreeSend, FreeSendAnswer>();
      }
    },
    { callsAtOnce: 1 },
  );

  /**
   * The common send in one statement: reads the sender's side of the conversation and the other
   * member's account, and when the message may be sent and costs nothing (the rule of
   * message-price.ts `priceOf`, in SQL) stores it as `insertPaid` does, under the conversation's
   * lock. Answers that membership (undefined: the sender is not in this conversation) and the
   * stored message (undefined: refused, priced or already stored), for the caller to tell which.
   * The sends of one turn, or of the turns a statement in flight held back, share the statement.
   */
  async function insertIfFree(values: FreeSend): Promise<FreeSendAnswer> {
    const send = { ...values };
    return (await insertTogether(send)) ?? (await insertManyIfFree([send])).get(send)!;
  }

  /**
   * What the members decide a message's price by (docs/product.md#price-changes), read under a
   * share lock in id order: a price change waits until the transaction that charges ends, so the
   * price read here is the price while the charge commits.
   */
  async function lockPricesOf(userIds: string[], tx: Tx): Promise<Map<string, MemberPricing>> {
    const rows = await tx
      .select({ id: users.id, type: users.type, modelStatus: users.modelStatus, tokenPerMessage: users.tokenPerMessage })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(users.id)
      .for('share');
    return new Map(rows.map(({ id, ...pricing }) => [id, pricing]));
  }

  return { insertPaid, insertManyPaid, insertIfFree, lockPricesOf };
}

/** The answer to one free send, from its row of `insertManyIfFreeStatement` (none: not a member). */
function freeSendAnswer(send: FreeSend, row: InsertIfFreeRow | undefined): FreeSendAnswer {
  if (!row) return { membership: undefined, record: undefined };
  const membership: Membership = {
    conversationId: row.conversation_id,
    userId: send.senderId,
    otherUserId: row.other_user_id,
    blocksOther: row.blocks_other,
    otherBlocksMe: row.other_blocks_me,
    other: {
      id: row.other_user_id,
      username: row.username,
      name: row.name,
      role: row.role,
      type: row.type,
      status: row.status,
      modelStatus: row.model_status,
      tokenPerMessage: row.token_per_message,
    },
  };
  if (!row.id) return { membership, record: undefined };
  return { membership, record: storedRecord(send, { id: row.id, seq: row.seq!, created_at: row.created_at! }) };
}

/**
 * The message shows as deleted for both: text and attachment go, and so do bookmarks of it; if
 * the other member had not read it, it no longer counts as unread. Under the conversation's lock,
 * so a read moving the position meanwhile waits (conversation-members.repository markRead).
 */
export async function markDeleted(message: Pick<MessageRecord, 'id' | 'conversationId'>, tx: Tx) {
  await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, message.conversationId)).for('update');
  await tx.execute(sql`
    with target as (
      update ${messages} set deleted_at = now(), text = '', file_id = null
      where id = ${message.id}::uuid and deleted_at is null
      returning conversation_id, sender_id, seq
    )
    update ${conversationMembers} set unread_count = unread_count - 1
    from target
    where ${conversationMembers}.conversation_id = target.conversation_id and user_id <> target.sender_id
      and last_read_seq < target.seq`);
  await tx.delete(messageBookmarks).where(eq(messageBookmarks.messageId, message.id));
}
