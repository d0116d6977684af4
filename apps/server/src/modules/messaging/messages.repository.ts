import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, conversations, files, messageBookmarks, messages, users } from '../../db/schema';
import type { Membership } from './conversations.repository';
import { preparedStatement, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { perTurnBatch } from '../../platform/turn-batch';
import { netEarnedBy } from '../wallet';
import { contains } from './like';

export type MessageRecord = typeof messages.$inferSelect;
export type MediaFileRow = typeof files.$inferSelect;
/** A message with its attachment, the viewer's bookmark of it and what the viewer earned from it (hundredths). */
export type MessageRow = { message: MessageRecord; file: MediaFileRow | null; bookmarkId: string | null; earned: number | null };
export type NewMessage = Pick<
  typeof messages.$inferInsert,
  'conversationId' | 'senderId' | 'clientId' | 'type' | 'text' | 'fileId' | 'price'
>;

type Member = Membership['other'];
/** The parts of a member's account that decide what a message to them costs. */
export type MemberPricing = Pick<Member, 'type' | 'modelStatus' | 'tokenPerMessage'>;
/** A free send: the message, and whether its sender pays for messages to models that sell them. */
type FreeSend = NewMessage & { clientId: string; senderPaysModels: boolean };
/** The membership (undefined: the sender is not in this conversation), and the message when it was stored. */
type FreeSendAnswer = { membership: Membership | undefined; record: MessageRecord | undefined };

/** A row of `insertManyIfFreeStatement`: which send (`n`, from 1), its membership, and the new message's columns when stored. */
type InsertIfFreeRow = {
  n: string;
  conversation_id: string;
  other_user_id: string;
  blocks_other: boolean;
  other_blocks_me: boolean;
  username: string;
  name: string;
  role: Member['role'];
  type: Member['type'];
  status: Member['status'];
  model_status: Member['modelStatus'];
  token_per_message: number;
  id: string | null;
  seq: string | null;
  created_at: Date | string | null;
};

/** The message as stored, from what was sent and what the insert returned (node-postgres reads bigint as text). */
function storedRecord(values: NewMessage, row: StoredRow): MessageRecord {
  return {
    id: row.id,
    seq: Number(row.seq),
    ...statementParams(values),
    transactionId: null,
    createdAt: new Date(row.created_at),
    deletedAt: null,
  };
}

/**
 * A page cut by `seq`: `after` alone reads forward from the cursor (so nothing is skipped); otherwise
 * backward. `skip` pages by position from the newest (`?page=` of the xChat client).
 */
type SeqWindow = { limit: number; before?: number | undefined; after?: number | undefined; skip?: number | undefined };

/** The only code touching messages (and the files they carry). */
export function createMessagesRepository(db: Db) {
  function rowsFor(viewerId: string, tx: DbOrTx = db) {
    return tx
      .select({ message: messages, file: files, bookmarkId: messageBookmarks.id, earned: netEarnedBy(viewerId, messages.transactionId) })
      .from(messages)
      .leftJoin(files, eq(files.id, messages.fileId))
      .leftJoin(messageBookmarks, and(eq(messageBookmarks.messageId, messages.id), eq(messageBookmarks.userId, viewerId)));
  }

  async function findById(messageId: string, viewerId: string, tx: DbOrTx = db): Promise<MessageRow | undefined> {
    const [row] = await rowsFor(viewerId, tx).where(eq(messages.id, messageId)).limit(1);
    return row;
  }

  async function findByIds(messageIds: string[], viewerId: string): Promise<Map<string, MessageRow>> {
    if (messageIds.length === 0) return new Map();
    const rows = await rowsFor(viewerId).where(inArray(messages.id, messageIds));
    return new Map(rows.map((row) => [row.message.id, row]));
  }

  /** What this sender already stored under this client id (a retried send). */
  async function findBySenderClient(senderId: string, clientId: string, tx: DbOrTx = db): Promise<MessageRow | undefined> {
    const [row] = await rowsFor(senderId, tx)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
      .limit(1);
    return row;
  }

  /**
   * Runs a seq-windowed query newest first. Reading forward from `after` takes the oldest rows past
   * the cursor and turns them round, so a client catching up never skips a message.
   */
  async function windowed(where: SQL[], window: SeqWindow, viewerId: string, join?: 'member') {
    const conditions = [...where];
    if (window.before !== undefined) conditions.push(lt(messages.seq, window.before));
    if (window.after !== undefined) conditions.push(gt(messages.seq, window.after));
    const forward = window.after !== undefined && window.before === undefined;
    let query = rowsFor(viewerId).$dynamic();
    if (join === 'member') {
      query = query.innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
      );
    }
    const rows = await query
      .where(and(...conditions))
      .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
      .limit(window.limit + 1)
      .offset(window.skip ?? 0);
    const hasMore = rows.length > window.limit;
    const page = rows.slice(0, window.limit);
    return { rows: forward ? page.reverse() : page, hasMore };
  }

  /** A conversation's messages, newest first; `q` searches the live messages' text. */
  async function page(opts: { conversationId: string; viewerId: string; q?: string | undefined } & SeqWindow) {
    const where: SQL[] = [eq(messages.conversationId, opts.conversationId)];
    if (opts.q) where.push(ilike(messages.text, contains(opts.q)), isNull(messages.deletedAt));
    const [total] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(...where));
    const { rows, hasMore } = await windowed(where, opts, opts.viewerId);
    return { rows, hasMore, count: total?.n ?? 0 };
  }

  /** Messages in all the viewer's conversations, newest first, or the ones right after `since`. */
  async function latest(opts: { viewerId: string; limit: number; since?: number | undefined }) {
    const memberOf = and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, opts.viewerId));
    const where: SQL[] = opts.since !== undefined ? [gt(messages.seq, opts.since)] : [];
    const [total] = await db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversationMembers, memberOf)
      .where(and(...where));
    const { rows } = await windowed(where, { limit: opts.limit, after: opts.since }, opts.viewerId, 'member');
    return { rows, count: total?.n ?? 0 };
  }

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
   * messages.service `priceOf`, in SQL) stores it as `insertPaid` does, under the conversation's
   * lock. Answers that membership (undefined: the sender is not in this conversation) and the
   * stored message (undefined: refused, priced or already stored), for the caller to tell which.
   * The sends of one turn, or of the turns a statement in flight held back, share the statement.
   */
  async function insertIfFree(values: FreeSend): Promise<FreeSendAnswer> {
    const send = { ...values };
    return (await insertTogether(send)) ?? (await insertManyIfFree([send])).get(send)!;
  }

  /**
   * The message shows as deleted for both: text and attachment go, and so do bookmarks of it; if
   * the other member had not read it, it no longer counts as unread. Under the conversation's lock,
   * so a read moving the position meanwhile waits (conversations.repository markRead).
   */
  async function markDeleted(message: Pick<MessageRecord, 'id' | 'conversationId'>, tx: Tx) {
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

  async function findFile(fileId: string, tx: DbOrTx = db): Promise<MediaFileRow | undefined> {
    const [row] = await tx.select().from(files).where(eq(files.id, fileId)).limit(1);
    return row;
  }

  /** A viewer may read a file sent in a live message of a conversation they belong to. */
  async function isAttachmentVisibleTo(fileId: string, viewerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, viewerId)),
      )
      .where(and(eq(messages.fileId, fileId), isNull(messages.deletedAt)))
      .limit(1);
    return Boolean(row);
  }

  return {
    findById,
    findByIds,
    findBySenderClient,
    page,
    latest,
    insertPaid,
    insertManyPaid,
    insertIfFree,
    markDeleted,
    lockPricesOf,
    findFile,
    isAttachmentVisibleTo,
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

const param = sql.placeholder;

/** Many new messages, one array per column, in the same order. */
type MessageArrays = {
  conversationIds: string[];
  senderIds: string[];
  clientIds: string[];
  types: MessageRecord['type'][];
  texts: string[];
  fileIds: (string | null)[];
};

function messageArrays(values: NewMessage[]): MessageArrays {
  const params = values.map(statementParams);
  return {
    conversationIds: params.map((send) => send.conversationId),
    senderIds: params.map((send) => send.senderId),
    clientIds: params.map((send) => send.clientId),
    types: params.map((send) => send.type),
    texts: params.map((send) => send.text),
    fileIds: params.map((send) => send.fileId),
  };
}

/** Many free sends: their messages' arrays, and whether each sender pays models that sell messages. */
type FreeSendArrays = MessageArrays & { sendersPayModels: boolean[] };

function freeSendArrays(sends: FreeSend[]): FreeSendArrays {
  return { ...messageArrays(sends), sendersPayModels: sends.map((send) => send.senderPaysModels) };
}

/** The values of a new message, as the statements below name them. */
type MessageParams = {
  conversationId: string;
  senderId: string;
  clientId: string;
  type: MessageRecord['type'];
  text: string;
  fileId: string | null;
  price: number;
};

function statementParams(values: NewMessage): MessageParams {
  return {
    conversationId: values.conversationId,
    senderId: values.senderId,
    clientId: values.clientId,
    type: values.type,
    text: values.text ?? '',
    fileId: values.fileId ?? null,
    price: values.price ?? 0,
  };
}

/**
 * What storing a message also changes, as CTEs after an `inserted` one (nothing when it inserted
 * nothing): the conversation's last message, and the recipient's unread counter.
 */
const afterInsert = sql`last_message as (
        update ${conversations} set last_message_id = inserted.id, last_message_at = inserted.created_at
        from inserted where ${conversations}.id = ${param('conversationId')}::uuid
      ), unread as (
        update ${conversationMembers} set unread_count = unread_count + 1
        from inserted where conversation_id = ${param('conversationId')}::uuid and user_id <> ${param('senderId')}::uuid
      )`;

/**
 * `afterInsert` for many messages (an `inserted` CTE returning id, seq, created_at, conversation_id,
 * sender_id): a row is updated once per statement, so each conversation gets one `last_message`
 * update (its newest) and each reader one unread update, by the number of messages stored for them.
 */
const afterManyInserted = sql`last_message as (
        update ${conversations} set last_message_id = latest.id, last_message_at = latest.created_at
        from (select distinct on (conversation_id) conversation_id, id, created_at from inserted order by conversation_id, seq desc) latest
        where ${conversations}.id = latest.conversation_id
      ), unread as (
        update ${conversationMembers} set unread_count = unread_count + added.count
        from (
          select reader.conversation_id, reader.user_id, count(*)::integer as count
          from inserted join ${conversationMembers} reader
            on reader.conversation_id = inserted.conversation_id and reader.user_id <> inserted.sender_id
          group by reader.conversation_id, reader.user_id
        ) added
        where ${conversationMembers}.conversation_id = added.conversation_id and ${conversationMembers}.user_id = added.user_id
      )`;

/** The new message's columns the database chose (node-postgres reads bigint as text). */
type StoredRow = { id: string; seq: string; created_at: Date | string };

const insertPaidStatement = preparedStatement<MessageParams & { id: string; transactionId: string }, StoredRow>(
  'messages_insert_paid',
  sql`
      with conversation as (
        select id from ${conversations} where id = ${param('conversationId')}::uuid for update
      ), inserted as (
        insert into ${messages} (id, conversation_id, sender_id, client_id, type, text, file_id, price, transaction_id)
        select ${param('id')}::uuid, id, ${param('senderId')}::uuid, ${param('clientId')}::uuid, ${param('type')}::text, ${param('text')}::text,
          ${param('fileId')}::uuid, ${param('price')}::integer, ${param('transactionId')}::uuid
        from conversation
        on conflict (sender_id, client_id) do nothing
        returning id, seq, created_at
      ), ${afterInsert}
      select id, seq::text as seq, created_at from inserted`,
);

/**
 * `insertIfFree` for many sends at once, one row of each array per send. Only the conversations
 * that will get a message are locked (a priced send, on its way to its paid transaction, does not
 * wait for another's), in id order, so two of these statements never wait on each other in a
 * circle. The conversations and unread counters are updated as `afterManyInserted` says.
 */
const insertManyIfFreeStatement = preparedStatement<FreeSendArrays, InsertIfFreeRow>(
  'messages_insert_many_if_free',
  sql`
      with send as materialized (
        select * from unnest(${param('conversationIds')}::uuid[], ${param('senderIds')}::uuid[], ${param('clientIds')}::uuid[],
          ${param('types')}::text[], ${param('texts')}::text[], ${param('fileIds')}::uuid[], ${param('sendersPayModels')}::boolean[])
          with ordinality as send(conversation_id, sender_id, client_id, type, text, file_id, sender_pays_models, n)
      ), membership as (
        select send.n, me.conversation_id, me.other_user_id, me.blocks_other, them.blocks_other as other_blocks_me,
          other.username, other.name, other.role, other.type, other.status, other.model_status, other.token_per_message,
          not me.blocks_other and not them.blocks_other and other.status = 'active'
            and not (send.sender_pays_models and other.type = 'model' and other.model_status = 'approved' and other.token_per_message > 0)
            as may_store
        from send
        join ${conversationMembers} me on me.conversation_id = send.conversation_id and me.user_id = send.sender_id
        join ${conversationMembers} them on them.conversation_id = send.conversation_id and them.user_id = me.other_user_id
        join ${users} other on other.id = me.other_user_id
      ), locked as materialized (
        select id from ${conversations}
        where id in (select conversation_id from membership where may_store)
        order by id for update
      ), inserted as (
        insert into ${messages} (conversation_id, sender_id, client_id, type, text, file_id, price)
        select send.conversation_id, send.sender_id, send.client_id, send.type, send.text, send.file_id, 0
        from membership join send using (n) join locked on locked.id = membership.conversation_id
        where membership.may_store
        order by send.n
        on conflict (sender_id, client_id) do nothing
        returning id, seq, created_at, conversation_id, sender_id, client_id
      ), ${afterManyInserted}
      select membership.*, inserted.id, inserted.seq::text as seq, inserted.created_at
      from membership join send using (n)
      left join inserted on inserted.sender_id = send.sender_id and inserted.client_id = send.client_id`,
);

/** Many paid messages: their messages' arrays, with the ids, prices and transactions their charges named. */
type PaidSendArrays = MessageArrays & { ids: string[]; prices: number[]; transactionIds: string[] };

/**
 * `insertPaid` for many messages in one statement: their conversations locked in id order (so two
 * of these never wait on each other in a circle), each message stored unless its sender stored its
 * client id already, and the conversations and unread counters updated as `afterManyInserted` says.
 */
const insertManyPaidStatement = preparedStatement<PaidSendArrays, StoredRow & { n: string }>(
  'messages_insert_many_paid',
  sql`
      with send as materialized (
        select * from unnest(${param('ids')}::uuid[], ${param('conversationIds')}::uuid[], ${param('senderIds')}::uuid[],
          ${param('clientIds')}::uuid[], ${param('types')}::text[], ${param('texts')}::text[], ${param('fileIds')}::uuid[],
          ${param('prices')}::integer[], ${param('transactionIds')}::uuid[])
          with ordinality as send(id, conversation_id, sender_id, client_id, type, text, file_id, price, transaction_id, n)
      ), locked as materialized (
        select id from ${conversations} where id in (select conversation_id from send) order by id for update
      ), inserted as (
        insert into ${messages} (id, conversation_id, sender_id, client_id, type, text, file_id, price, transaction_id)
        select send.id, send.conversation_id, send.sender_id, send.client_id, send.type, send.text, send.file_id, send.price,
          send.transaction_id
        from send join locked on locked.id = send.conversation_id
        order by send.n
        on conflict (sender_id, client_id) do nothing
        returning id, seq, created_at, conversation_id, sender_id
      ), ${afterManyInserted}
      select send.n::text as n, inserted.id, inserted.seq::text as seq, inserted.created_at
      from send join inserted using (id)`,
);
