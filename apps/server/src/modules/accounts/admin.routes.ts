import { accountAdminRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { AdminModelsService } from './admin-models.service';
import type { AdminUsersService } from './admin-users.service';

/** Administrators: the model review queue and members' accounts. */
export function registerAccountAdminRoutes(app: FastifyInstance, s: { adminModels: AdminModelsService; adminUsers: AdminUsersService }) {
  mountRoute(app, routes.models, async (request) => s.adminModels.list(request.query));

  mountRoute(app, routes.approveModel, async (request) => s.adminModels.approve(adminActor(request), request.params.id));

  mountRoute(app, routes.refuseModel, async (request) => s.adminModels.refuse(adminActor(request), request.params.id, request.body.reason));

  mountRoute(app, routes.users, async (request) => s.adminUsers.list(request.query));

  mountRoute(app, routes.suspendUser, async (request) => s.adminUsers.suspend(adminActor(request), request.params.id));

  mountRoute(app, routes.reactivateUser, async (request) => s.adminUsers.reactivate(adminActor(request), request.params.id));

  mountRoute(app, routes.makeAdmin, async (request) => s.adminUsers.setRole(adminActor(request), request.params.id, 'admin'));

  mountRoute(app, routes.removeAdmin, async (request) => s.adminUsers.setRole(adminActor(request), request.params.id, 'user'));
}
