import { z } from 'zod';
import { profileByUsernameSchema } from '../accounts/account';
import { idParamSchema, listOf, okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  conversationListQuerySchema,
  conversationReadSchema,
  conversationSchema,
  createConversationSchema,
  unreadCountSchema,
} from './conversations';

const tags = ['conversations'];

const setBlock = (block: boolean) =>
  defineRoute({
    method: 'POST',
    path: block ? '/conversation/:id/block' : '/conversation/:id/unblock',
    access: 'member',
    tags,
    summary: block ? 'Block the other person: neither side can send until unblocked' : 'Lift my block of the other person',
    params: idParamSchema,
    answer: conversationSchema,
  });

/** A member's 1:1 conversations (docs/product.md#messaging). Every route needs a signed-in member. */
export const conversationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/conversation',
    access: 'member',
    tags,
    summary: 'My conversations, most recent first; q filters by the other person',
    query: conversationListQuerySchema,
    answer: listOf(conversationSchema),
  }),
  start: defineRoute({
    method: 'POST',
    path: '/conversation',
    access: 'member',
    tags,
    summary: 'Start a conversation (201), or get the existing one with that member (200)',
    description: 'Starting a conversation that already exists is not an error: it answers 200 with the existing one.',
    body: createConversationSchema,
    status: 201,
    alsoAnswers: [200],
    answer: conversationSchema,
  }),
  totalUnread: defineRoute({
    method: 'GET',
    path: '/conversation/total-unread-message',
    access: 'member',
    tags,
    summary: 'My unread messages over all conversations',
    answer: unreadCountSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/conversation/:id',
    access: 'member',
    tags,
    summary: 'One of my conversations',
    params: idParamSchema,
    answer: conversationSchema,
  }),
  hide: defineRoute({
    method: 'DELETE',
    path: '/conversation/:id',
    access: 'member',
    tags,
    summary: 'Hide a conversation from my list (and mark it read); a new message brings it back',
    params: idParamSchema,
    answer: okSchema,
  }),
  block: setBlock(true),
  unblock: setBlock(false),
  recipient: defineRoute({
    method: 'GET',
    path: '/conversation/:id/recipient',
    access: 'member',
    tags,
    summary: "The other person's profile, with my favourite of them",
    params: idParamSchema,
    answer: profileByUsernameSchema,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/conversation/:id/read',
    access: 'member',
    tags,
    summary: 'Mark a conversation read up to its newest message',
    description: 'Takes no body; whatever body a client sends is ignored.',
    params: idParamSchema,
    answer: conversationReadSchema,
  }),
};

/** The path parameter of GET /messages/{conversationId}. */
export const conversationParamSchema = z.object({ conversationId: z.uuid('That conversation id is not valid') });
