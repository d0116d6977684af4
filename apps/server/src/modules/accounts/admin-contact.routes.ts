import { adminContactRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { AdminContactService } from './admin-contact.service';

/** Administrators' routes for contact-form messages: the route table guards them (401/403 before any input is read). */
export function registerAdminContactRoutes(app: FastifyInstance, admin: AdminContactService) {
  mountRoute(app, routes.list, async (request) => admin.list(request.query));
  mountRoute(app, routes.handle, async (request) => admin.handle(adminActor(request), request.params.id));
  mountRoute(app, routes.reopen, async (request) => admin.reopen(adminActor(request), request.params.id));
}
