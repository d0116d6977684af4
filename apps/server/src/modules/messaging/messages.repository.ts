import type { Db } from '../../platform/db';
import { createMessageLookups, createMessagePages } from './message-reads.repository';
import { createMessageSends, markDeleted } from './message-writes.repository';

// Messages' one repository, put together from its parts: reads (message-reads.repository.ts) and
// writes, the send paths among them (message-writes.repository.ts, message-inserts.sql.ts).
export type { MediaFileRow, MemberPricing, MessageRecord, MessageRow, NewMessage } from './message-rows';

/** The only code touching messages (and the files they carry). */
export function createMessagesRepository(db: Db) {
  return { ...createMessageLookups(db), ...createMessagePages(db), ...createMessageSends(db), markDeleted };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
