import { accountAdminRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { ModelsAdminService } from './models-admin.service';
import type { UsersAdminService } from './users-admin.service';

/** Administrators: the model review queue and members' accounts. */
export function registerAccountAdminRoutes(app: FastifyInstance, s: { modelsAdmin: ModelsAdminService; usersAdmin: UsersAdminService }) {
  mountRoute(app, routes.models, async (request) => s.modelsAdmin.list(request.query));

  mountRoute(app, routes.approveModel, async (request) => s.modelsAdmin.approve(adminActor(request), request.params.id));

  mountRoute(app, routes.refuseModel, async (request) => s.modelsAdmin.refuse(adminActor(request), request.params.id, request.body.reason));

  mountRoute(app, routes.users, async (request) => s.usersAdmin.list(request.query));

  mountRoute(app, routes.suspendUser, async (request) => s.usersAdmin.suspend(adminActor(request), request.params.id));

  mountRoute(app, routes.reactivateUser, async (request) => s.usersAdmin.reactivate(adminActor(request), request.params.id));

  mountRoute(app, routes.makeAdmin, async (request) => s.usersAdmin.setRole(adminActor(request), request.params.id, 'admin'));

  mountRoute(app, routes.removeAdmin, async (request) => s.usersAdmin.setRole(adminActor(request), request.params.id, 'user'));
}
