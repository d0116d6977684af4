import { contactRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { ContactsService } from './contacts.service';
import type { InvitationsService } from './invitations.service';

export type ContactServices = { contacts: ContactsService; invitations: InvitationsService };

/** Thin handlers: the route table parses and guards (every route needs a signed-in member), a service acts. */
export function registerContactRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, s: ContactServices) {
  const ownerOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  mountRoute(app, routes.list, async (request) => s.contacts.list({ ownerId: ownerOf(request), query: request.query }));

  mountRoute(app, routes.get, async (request) => s.contacts.get({ ownerId: ownerOf(request), idOrUserId: request.params.id }));

  mountRoute(
    app,
    routes.add,
    async (request, reply) => {
      const { contact, created } = await s.contacts.add({ ownerId: ownerOf(request), userId: request.body.userId });
      // Adding someone already added answers 200 with the existing contact (201 is for a new one).
      if (!created) reply.status(200);
      return contact;
    },
    { config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) } },
  );

  mountRoute(app, routes.remove, async (request) => s.contacts.remove({ ownerId: ownerOf(request), idOrUserId: request.params.id }));

  mountRoute(app, routes.invite, async (request) => s.invitations.invite({ inviter: currentAuth(request).user, input: request.body }), {
    config: { rateLimit: ctx.rateLimit(10, '1 hour', byUser) },
  });
}
