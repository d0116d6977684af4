import { sql } from 'drizzle-orm';
import { conversationMembers, conversations, messages, users } from '../../db/schema';
import { preparedStatement } from '../../platform/db';
import type { FreeSend, InsertIfFreeRow, MessageRecord, NewMessage } from './message-rows';

// The prepared statements that store messages (the free send, the paid one, many paid ones) and
// the values they take: every message runs one, so they live once, at module level
// (docs/decisions/0011-per-turn-batching.md). `message-sends.repository.ts` runs them.

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

export function messageArrays(values: NewMessage[]): MessageArrays {
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

export function freeSendArrays(sends: FreeSend[]): FreeSendArrays {
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

export function statementParams(values: NewMessage): MessageParams {
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
export type StoredRow = { id: string; seq: string; created_at: Date | string };

/** The message as stored, from what was sent and what the insert returned (node-postgres reads bigint as text). */
export function storedRecord(values: NewMessage, row: StoredRow): MessageRecord {
  return {
    id: row.id,
    seq: Number(row.seq),
    ...statementParams(values),
    transactionId: null,
    createdAt: new Date(row.created_at),
    deletedAt: null,
  };
}

export const insertPaidStatement = preparedStatement<MessageParams & { id: string; transactionId: string }, StoredRow>(
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
export const insertManyIfFreeStatement = preparedStatement<FreeSendArrays, InsertIfFreeRow>(
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
export const insertManyPaidStatement = preparedStatement<PaidSendArrays, StoredRow & { n: string }>(
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
