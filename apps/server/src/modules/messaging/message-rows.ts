import type { files, messages } from '../../db/schema';
import type { Membership } from './conversation-rows';

// The shapes messages' repositories take and answer, apart from them so none imports another.

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
export type FreeSend = NewMessage & { clientId: string; senderPaysModels: boolean };
/** The membership (undefined: the sender is not in this conversation), and the message when it was stored. */
export type FreeSendAnswer = { membership: Membership | undefined; record: MessageRecord | undefined };

/** A row of `insertManyIfFreeStatement`: which send (`n`, from 1), its membership, and the new message's columns when stored. */
export type InsertIfFreeRow = {
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
