import {
  conversationListQuerySchema,
  conversationReadSchema,
  conversationSchema,
  createConversationSchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  listOf,
  okSchema,
  profileByUsernameSchema,
  unreadCountSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAuth } from '../../platform/auth';
import type { ConversationsService } from './conversations.service';

const errors = { '4xx': errorBodySchema };
const docs = { tags: ['conversations'], security: [{ bearer: [] }] };

/** Thin handlers: the contract parses, the service acts. Every route needs a signed-in member. */
export function registerConversationRoutes(app: FastifyInstance, { conversations }: { conversations: ConversationsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest, so a signed-out caller gets 401 before any input is read.
  const signedIn = { onRequest: app.requireUser };
  const viewerOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  api.get(
    '/conversation',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'My conversations, most recent first; q filters by the other person',
        querystring: conversationListQuerySchema,
        response: { 200: dataOf(listOf(conversationSchema)), ...errors },
      },
    },
    async (request) => ({ data: await conversations.list({ viewerId: viewerOf(request), query: request.query }) }),
  );

  api.post(
    '/conversation',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Start a conversation (201), or get the existing one with that member (200)',
        body: createConversationSchema,
        response: { 200: dataOf(conversationSchema), 201: dataOf(conversationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await conversations.start({ viewerId: viewerOf(request), userId: request.body.userId });
      return reply.status(created ? 201 : 200).send({ data: conversation });
    },
  );

  api.get(
    '/conversation/total-unread-message',
    {
      ...signedIn,
      schema: { ...docs, summary: 'My unread messages over all conversations', response: { 200: dataOf(unreadCountSchema), ...errors } },
    },
    async (request) => ({ data: { count: await conversations.totalUnread(viewerOf(request)) } }),
  );

  api.get(
    '/conversation/:id',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'One of my conversations',
        params: idParamSchema,
        response: { 200: dataOf(conversationSchema), ...errors },
      },
    },
    async (request) => ({ data: await conversations.get({ viewerId: viewerOf(request), conversationId: request.params.id }) }),
  );

  api.delete(
    '/conversation/:id',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Hide a conversation from my list (and mark it read); a new message brings it back',
        params: idParamSchema,
        response: { 200: dataOf(okSchema), ...errors },
      },
    },
    async (request) => {
      await conversations.hide({ viewerId: viewerOf(request), conversationId: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  for (const [action, block] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    api.post(
      `/conversation/:id/${action}`,
      {
        ...signedIn,
        schema: {
          ...docs,
          summary: block ? 'Block the other person: neither side can send until unblocked' : 'Lift my block of the other person',
          params: idParamSchema,
          response: { 200: dataOf(conversationSchema), ...errors },
        },
      },
      async (request) => ({
        data: await conversations.setBlock({ viewerId: viewerOf(request), conversationId: request.params.id, block }),
      }),
    );
  }

  api.get(
    '/conversation/:id/recipient',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The other person's profile, with my favourite of them",
        params: idParamSchema,
        response: { 200: dataOf(profileByUsernameSchema), ...errors },
      },
    },
    async (request) => ({ data: await conversations.recipient({ viewerId: viewerOf(request), conversationId: request.params.id }) }),
  );

  api.post(
    '/conversation/:id/read',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Mark a conversation read up to its newest message',
        params: idParamSchema,
        response: { 200: dataOf(conversationReadSchema), ...errors },
      },
    },
    async (request) => ({ data: await conversations.read({ viewerId: viewerOf(request), conversationId: request.params.id }) }),
  );
}
