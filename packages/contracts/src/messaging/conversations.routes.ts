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
import { conversationPaths } from './conversations.paths';

const tags = ['conversations'];

const setBlock = (block: boolean) =>
  defineRoute({
    ...(block ? conversationPaths.block : conversationPaths.unblock),
    access: 'member',
    tags,
    summary: block ? 'Block the other person: neither side can send until unblocked' : 'Lift my block of the other person',
    params: idParamSchema,
    answer: conversationSchema,
  });

/** A member's 1:1 conversations (docs/product.md#messaging). Every route needs a signed-in member. */
export const conversationRoutes = {
  list: defineRoute({
    ...conversationPaths.list,
    access: 'member',
    tags,
    summary: 'My conversations, most recent first; q filters by the other person',
    query: conversationListQuerySchema,
    answer: listOf(conversationSchema),
  }),
  start: defineRoute({
    ...conversationPaths.start,
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
    ...conversationPaths.totalUnread,
    access: 'member',
    tags,
    summary: 'My unread messages over all conversations',
    answer: unreadCountSchema,
  }),
  get: defineRoute({
    ...conversationPaths.get,
    access: 'member',
    tags,
    summary: 'One of my conversations',
    params: idParamSchema,
    answer: conversationSchema,
  }),
  hide: defineRoute({
    ...conversationPaths.hide,
    access: 'member',
    tags,
    summary: 'Hide a conversation from my list (and mark it read); a new message brings it back',
    params: idParamSchema,
    answer: okSchema,
  }),
  block: setBlock(true),
  unblock: setBlock(false),
  recipient: defineRoute({
    ...conversationPaths.recipient,
    access: 'member',
    tags,
    summary: "The other person's profile, with my favourite of them",
    params: idParamSchema,
    answer: profileByUsernameSchema,
  }),
  read: defineRoute({
    ...conversationPaths.read,
    access: 'member',
    tags,
    summary: 'Mark a conversation read up to its newest message',
    description: 'Takes no body; whatever body a client sends is ignored.',
    params: idParamSchema,
    answer: conversationReadSchema,
  }),
};
