import { adminItemRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { AdminItemsService } from './admin-items.service';

/** Administrators' routes for sell items: the table guards them (401/403 before any input is read). */
export function registerAdminItemsRoutes(app: FastifyInstance, admin: AdminItemsService) {
  mountRoute(app, routes.list, async (request) => admin.list(request.query));
  mountRoute(app, routes.hide, async (request) => admin.hide(adminActor(request), request.params.id, request.body.reason));
  mountRoute(app, routes.restore, async (request) => admin.restore(adminActor(request), request.params.id));
}
