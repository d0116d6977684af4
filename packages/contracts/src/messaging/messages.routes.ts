import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { conversationParamSchema } from './conversations';
import {
  bookmarkedMessageSchema,
  bookmarkMessageSchema,
  bookmarkSchema,
  bookmarkSearchQuerySchema,
  latestMessagesQuerySchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMessageSchema,
} from './messages';
import { messagePaths } from './messages.paths';

const tags = ['messages'];

/** Messages and bookmarks (docs/product.md#messaging). Every route needs a signed-in member. */
export const messageRoutes = {
  latest: defineRoute({
    ...messagePaths.latest,
    access: 'member',
    tags,
    summary: 'Messages in all my conversations, newest first; with since, the ones right after that seq (catching up)',
    query: latestMessagesQuerySchema,
    answer: listOf(messageSchema),
  }),
  list: defineRoute({
    ...messagePaths.list,
    access: 'member',
    tags,
    summary: 'A page of a conversation, newest first; before/after are seq cursors, q searches the text',
    params: conversationParamSchema,
    query: messageListQuerySchema,
    answer: messagePageSchema,
  }),
  send: defineRoute({
    ...messagePaths.send,
    access: 'member',
    tags,
    summary: 'Send a message (201); a retry with the same clientId answers the stored one (200) and charges nothing',
    description:
      'Compatibility: `{ conversationId, text }` is enough — `type` defaults to "text" and `clientId` is optional. ' +
      'With a `clientId` (a UUID made once per message) a retried send is stored and charged once and answers 200 ' +
      'with the stored message; without one the server makes one, so every request is a new message. ' +
      '`expectedPrice` (optional, tokens) is the price per message the sender saw: a different current price answers ' +
      '409 PRICE_CHANGED with `details.price` and stores and charges nothing. ' +
      "The answer's `price` is in tokens.",
    body: sendMessageSchema,
    status: 201,
    alsoAnswers: [200],
    answer: messageSchema,
  }),
  remove: defineRoute({
    ...messagePaths.remove,
    access: 'member',
    tags,
    summary: 'Delete my message, for both people',
    params: idParamSchema,
    answer: messageSchema,
  }),
  bookmark: defineRoute({
    ...messagePaths.bookmark,
    access: 'member',
    tags,
    summary: 'Bookmark a message (201), or get my existing bookmark of it (200)',
    description: 'Bookmarking a message twice is not an error: it answers 200 with the existing bookmark.',
    body: bookmarkMessageSchema,
    status: 201,
    alsoAnswers: [200],
    answer: bookmarkSchema,
  }),
  removeBookmark: defineRoute({
    ...messagePaths.removeBookmark,
    access: 'member',
    tags,
    summary: 'Remove one of my bookmarks',
    params: idParamSchema,
    answer: bookmarkSchema,
  }),
  searchBookmarks: defineRoute({
    ...messagePaths.searchBookmarks,
    access: 'member',
    tags,
    summary: 'My bookmarks, newest first, by text and type',
    query: bookmarkSearchQuerySchema,
    answer: listOf(bookmarkedMessageSchema),
  }),
};
