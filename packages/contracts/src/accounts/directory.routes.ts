import { listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { listedUserSchema, profileByUsernameSchema, usernameParamsSchema, userSearchQuerySchema } from './account';
import { directoryPaths } from './directory.paths';

/**
 * Finding other members. The model directory is public: signed-out visitors are answered too and
 * see approved models only (docs/product.md#roles).
 */
export const directoryRoutes = {
  findByUsername: defineRoute({
    ...directoryPaths.findByUsername,
    access: 'public',
    tags: ['users'],
    summary: 'A member by username, with contactId and isFriend; visitors find approved models only',
    description: 'A bearer token is optional: without one the caller is a visitor.',
    params: usernameParamsSchema,
    answer: profileByUsernameSchema,
  }),
  search: defineRoute({
    ...directoryPaths.search,
    access: 'public',
    tags: ['users'],
    summary: 'Search members; visitors see approved models only',
    description: 'Every query parameter is optional (`q`, `type`, `limit`, `skip`); a bearer token is optional too.',
    query: userSearchQuerySchema,
    answer: listOf(listedUserSchema),
  }),
  searchFriends: defineRoute({
    ...directoryPaths.searchFriends,
    access: 'member',
    tags: ['users'],
    summary: 'Search my contacts',
    description: 'Every query parameter is optional (`q`, `type`, `limit`, `skip`).',
    query: userSearchQuerySchema,
    answer: listOf(listedUserSchema),
  }),
};
