import {
  bookmarkedMessageSchema,
  bookmarkMessageSchema,
  bookmarkSchema,
  bookmarkSearchQuerySchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  latestMessagesQuerySchema,
  listOf,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMessageSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import type { BookmarksService } from './bookmarks.service';
import type { MessagesService } from './messages.service';

const errors = { '4xx': errorBodySchema };
const docs = { tags: ['messages'], security: [{ bearer: [] }] };
const conversationParamSchema = z.object({ conversationId: z.uuid('That conversation id is not valid') });

/** Thin handlers for messages and bookmarks. Every route needs a signed-in member. */
export function registerMessageRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit'>,
  s: { messages: MessagesService; bookmarks: BookmarksService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };

  api.get(
    '/messages/latest',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Messages in all my conversations, newest first; with since, the ones right after that seq (catching up)',
        querystring: latestMessagesQuerySchema,
        response: { 200: dataOf(listOf(messageSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.messages.latest({ viewerId: currentAuth(request).user.id, query: request.query }) }),
  );

  api.get(
    '/messages/bookmark/search',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'My bookmarks, newest first, by text and type',
        querystring: bookmarkSearchQuerySchema,
        response: { 200: dataOf(listOf(bookmarkedMessageSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.bookmarks.search({ viewerId: currentAuth(request).user.id, query: request.query }) }),
  );

  api.post(
    '/messages/bookmark',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Bookmark a message (201), or get my existing bookmark of it (200)',
        body: bookmarkMessageSchema,
        response: { 200: dataOf(bookmarkSchema), 201: dataOf(bookmarkSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { bookmark, created } = await s.bookmarks.add({ viewerId: currentAuth(request).user.id, messageId: request.body.messageId });
      return reply.status(created ? 201 : 200).send({ data: bookmark });
    },
  );

  api.delete(
    '/messages/bookmark/:id',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Remove one of my bookmarks',
        params: idParamSchema,
        response: { 200: dataOf(bookmarkSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.bookmarks.remove({ viewerId: currentAuth(request).user.id, bookmarkId: request.params.id }) }),
  );

  api.get(
    '/messages/:conversationId',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'A page of a conversation, newest first; before/after are seq cursors, q searches the text',
        params: conversationParamSchema,
        querystring: messageListQuerySchema,
        response: { 200: dataOf(messagePageSchema), ...errors },
      },
    },
    async (request) => ({
      data: await s.messages.list({
        viewerId: currentAuth(request).user.id,
        conversationId: request.params.conversationId,
        query: request.query,
      }),
    }),
  );

  api.post(
    '/messages',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(120, '1 minute', byUser) },
      schema: {
        ...docs,
        summary: 'Send a message (201); a retry with the same clientId answers the stored one (200) and charges nothing',
        body: sendMessageSchema,
        response: { 200: dataOf(messageSchema), 201: dataOf(messageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { message, created } = await s.messages.send({ sender: currentAuth(request).user, input: request.body });
      return reply.status(created ? 201 : 200).send({ data: message });
    },
  );

  api.delete(
    '/messages/:id',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Delete my message, for both people',
        params: idParamSchema,
        response: { 200: dataOf(messageSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.messages.remove({ viewerId: currentAuth(request).user.id, messageId: request.params.id }) }),
  );
}
