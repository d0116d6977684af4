import { z } from 'zod';
import { memberTypeSchema, publicUserSchema } from '../accounts/account';
import { pageQuerySchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { messageSchema } from './messages';

/** The other person of a conversation, as the conversation list and chat header show them. */
export const conversationPartySchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  type: memberTypeSchema,
  /** What a message to them costs an ordinary member (models only). */
  tokenPerMessage: tokenAmount({ description: 'Tokens one message to them costs an ordinary member (0: free)' }),
  isOnline: z.boolean(),
});
export type ConversationParty = z.infer<typeof conversationPartySchema>;

/** A 1:1 conversation as one of its two members sees it. */
export const conversationSchema = z.object({
  _id: z.string(),
  recipient: conversationPartySchema,
  /** Both members' public profiles, the viewer first (xChat clients read the pair as `members`). */
  members: z.array(publicUserSchema),
  /** Members blocked in this conversation (the viewer's id is in it when the other side blocked them). */
  blockedIds: z.array(z.string()),
  /** The other side blocked the viewer: they cannot send here. */
  haveBeenBlockStatus: z.boolean(),
  unreadMessageCount: z.number().int().nonnegative(),
  lastMessageId: z.string().nullable(),
  lastMessage: messageSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  /** How far the other person has read (a message `seq`): the viewer's messages up to it are seen. */
  recipientReadSeq: z.number().int(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /conversation — answers the existing conversation with that member when there is one. */
export const createConversationSchema = z.object({ userId: z.uuid('Choose a member to talk to') });
export type CreateConversationInput = z.infer<typeof createConversationSchema>;

/** GET /conversation — most recent first; `q` filters by the other person's name or username. */
export const conversationListQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(80).optional() });
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** GET /conversation/total-unread-message and the unread counts in socket events. */
export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /conversation/{id}/read */
export const conversationReadSchema = z.object({
  conversationId: z.string(),
  readSeq: z.number().int(),
  unreadMessageCount: z.literal(0),
  totalUnread: z.number().int().nonnegative(),
});
export type ConversationRead = z.infer<typeof conversationReadSchema>;

/** The path parameter of GET /messages/{conversationId}. */
export const conversationParamSchema = z.object({ conversationId: z.uuid('That conversation id is not valid') });
