import { z } from 'zod';
import { listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { listedUserSchema, profileByUsernameSchema, usernameSchema, userSearchQuerySchema } from './account';

export const usernameParamsSchema = z.object({ username: usernameSchema });

/**
 * Finding other members. The model directory is public: signed-out visitors are answered too and
 * see approved models only (docs/product.md#roles).
 */
export const directoryRoutes = {
  findByUsername: defineRoute({
    method: 'GET',
    path: '/users/findByUsername/:username',
    access: 'public',
    tags: ['users'],
    summary: 'A member by username, with contactId and isFriend; visitors find approved models only',
    description: 'A bearer token is optional: without one the caller is a visitor.',
    params: usernameParamsSchema,
    answer: profileByUsernameSchema,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/users/search',
    access: 'public',
    tags: ['users'],
    summary: 'Search members; visitors see approved models only',
    description: 'Every query parameter is optional (`q`, `type`, `limit`, `skip`); a bearer token is optional too.',
    query: userSearchQuerySchema,
    answer: listOf(listedUserSchema),
  }),
  searchFriends: defineRoute({
    method: 'GET',
    path: '/users/search-friend',
    access: 'member',
    tags: ['users'],
    summary: 'Search my contacts',
    description: 'Every query parameter is optional (`q`, `type`, `limit`, `skip`).',
    query: userSearchQuerySchema,
    answer: listOf(listedUserSchema),
  }),
};
