import { z } from 'zod';
import { publicUserSchema } from '../accounts/account';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, pageQuerySchema, pagingFields } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { expectedPriceSchema } from '../common/price-seen';
import { mediaSchema } from '../media/media';
import { MESSAGE_TEXT_MAX } from './message-limits';

export const messageTypeSchema = z.enum(['text', 'photo', 'video', 'file']);
export type MessageType = z.infer<typeof messageTypeSchema>;

/**
 * A message as one viewer sees it. `seq` is the conversation-wide position (it only grows): the
 * cursor for paging and catching up, and what read positions are measured in. A deleted message
 * keeps its place but loses its text and media, for both people.
 */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** The sender's public profile (the shape of GET /users/findByUsername without the viewer's favourite). */
  sender: publicUserSchema,
  /** The sender's own id for this message: a retried send carrying it is stored once. */
  clientId: z.string(),
  type: messageTypeSchema,
  text: z.string(),
  media: mediaSchema.nullable(),
  /** What the sender paid for it (0 when free). */
  price: tokenAmount({ description: 'Tokens the sender paid for it (0 when free)' }),
  /**
   * What the viewer earned from it: for the model who received a paid message, the price less the
   * site's commission (docs/product.md#messaging); null for everyone else.
   */
  earned: tokenAmount({
    description: "Tokens the receiving model earned from it after the site's commission (null for others)",
  }).nullable(),
  seq: z.number().int(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  /** The viewer's own bookmark of it. */
  bookmarked: z.boolean(),
  bookmarkId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * POST /messages. Compatibility (docs/product.md#compatibility): `{ conversationId, text }` is
 * enough — `type` defaults to 'text' and `clientId` is optional. With a `clientId` (a UUID the
 * client makes once per message) a retry is stored and charged once (docs/product.md#idempotency);
 * without one the server makes one, so every request is a new message. `expectedPrice` (optional)
 * is the price per message the sender saw (docs/product.md#price-changes).
 */
export const sendMessageSchema = z
  .object({
    conversationId: z.uuid('Choose a conversation'),
    clientId: z.uuid('clientId must be a UUID made by the client').optional(),
    type: messageTypeSchema.default('text'),
    text: z
      .string()
      .trim()
      .max(MESSAGE_TEXT_MAX, `A message holds at most ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters`)
      .default(''),
    mediaId: z.uuid('That attachment id is not valid').optional(),
    expectedPrice: expectedPriceSchema('per message; 0 when it is free'),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'text') {
      if (!input.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Message must not be empty' });
      if (input.mediaId) ctx.addIssue({ code: 'custom', path: ['mediaId'], message: 'A text message has no attachment' });
    } else if (!input.mediaId) {
      ctx.addIssue({ code: 'custom', path: ['mediaId'], message: `Attach the ${input.type} to send` });
    }
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * GET /messages/{conversationId} — newest first; `before`/`after` are `seq` cursors; `q` searches the
 * text. `take` and `page` (from 1) page by position instead, as the xChat client does
 * (docs/product.md, "On the wire"); a cursor, which never shifts when a message arrives, wins over `page`.
 */
export const messageListQuerySchema = z
  .object({
    limit: pagingFields.limit,
    take: pagingFields.take,
    page: pagingFields.page,
    before: z.coerce.number().int().min(0).optional(),
    after: z.coerce.number().int().min(0).optional(),
    q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  })
  .transform(({ limit, take, page, ...cursors }) => {
    const size = limit ?? take ?? PAGE_LIMIT_DEFAULT;
    const byCursor = cursors.before !== undefined || cursors.after !== undefined;
    return { ...cursors, limit: size, skip: byCursor || page === undefined ? 0 : (page - 1) * size };
  });
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** A page of messages: newest first, `count` matching in all, `hasMore` older ones beyond this page. */
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  count: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * GET /messages/latest — messages in all the viewer's conversations, newest first. With `since`
 * (a `seq` the client has fully seen) only newer ones: how a client that was away catches up.
 */
export const latestMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  since: z.coerce.number().int().min(0).optional(),
});
export type LatestMessagesQuery = z.input<typeof latestMessagesQuerySchema>;

/** POST /messages/bookmark */
export const bookmarkMessageSchema = z.object({ messageId: z.uuid('Choose a message to bookmark') });
export const bookmarkSchema = z.object({ _id: z.string(), messageId: z.string(), createdAt: z.string() });
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** GET /messages/bookmark/search — the viewer's bookmarks, newest first, optionally by text and type. */
export const bookmarkSearchQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  type: messageTypeSchema.optional(),
});
export type BookmarkSearchQuery = z.input<typeof bookmarkSearchQuerySchema>;

export const messagePartySchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type MessageParty = z.infer<typeof messagePartySchema>;

export const bookmarkedMessageSchema = z.object({
  /** The bookmark's id (DELETE /messages/bookmark/{id}). */
  _id: z.string(),
  createdAt: z.string(),
  message: messageSchema,
  sender: messagePartySchema,
  /** The other person of the conversation, as the viewer sees it. */
  recipient: messagePartySchema,
});
export type BookmarkedMessage = z.infer<typeof bookmarkedMessageSchema>;
