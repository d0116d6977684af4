import { contactUsRoutes, directoryRoutes as routes } from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { ContactUsService } from './contact-us.service';
import type { MembersService } from './members.service';

/** A missing or invalid token on a public route simply means a visitor. */
const viewerIdOf = (request: FastifyRequest) => request.auth?.user.id ?? null;

/** Finding members (the model directory answers visitors too) and writing to the site team. */
export function registerDirectoryRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit'>,
  s: { members: MembersService; contactUs: ContactUsService },
) {
  mountRoute(app, routes.findByUsername, async (request) =>
    s.members.findByUsername({ viewerId: viewerIdOf(request), username: request.params.username }),
  );

  // A search is a LIKE over every member: limited like every costly route (docs/product.md, limits).
  mountRoute(
    app,
    routes.search,
    async (request) => s.members.search({ viewerId: viewerIdOf(request), query: request.query, friendsOnly: false }),
    { config: { rateLimit: ctx.rateLimit(60, '1 minute') } },
  );

  mountRoute(
    app,
    routes.searchFriends,
    async (request) => s.members.search({ viewerId: currentAuth(request).user.id, query: request.query, friendsOnly: true }),
    { config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) } },
  );

  mountRoute(app, contactUsRoutes.send, async (request) => s.contactUs.send(request.body, viewerIdOf(request)), {
    config: { rateLimit: ctx.rateLimit(3, '10 minutes') },
  });
}
