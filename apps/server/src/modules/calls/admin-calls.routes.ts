import { adminCallRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { CallsAdminService } from './calls-admin.service';

/** Administrators: calls live and past with their charges, and ending a live one (audited). */
export function registerCallAdminRoutes(app: FastifyInstance, s: { callsAdmin: CallsAdminService }) {
  mountRoute(app, routes.list, async (request) => s.callsAdmin.list(request.query));
  mountRoute(app, routes.end, async (request) => s.callsAdmin.end(adminActor(request), request.params.id));
}
