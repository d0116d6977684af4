import { adminCallRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { AdminCallsService } from './admin-calls.service';

/** Administrators: calls live and past with their charges, and ending a live one (audited). */
export function registerAdminCallsRoutes(app: FastifyInstance, s: { adminCalls: AdminCallsService }) {
  mountRoute(app, routes.list, async (request) => s.adminCalls.list(request.query));
  mountRoute(app, routes.end, async (request) => s.adminCalls.end(adminActor(request), request.params.id));
}
