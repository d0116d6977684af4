import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminModelRowSchema, adminModelsQuerySchema, adminUserRowSchema, adminUsersQuerySchema, refuseModelSchema } from './admin';

/** Administrators: the model review queue and members' accounts. */
export const accountAdminRoutes = {
  models: defineRoute({
    method: 'GET',
    path: '/admin/models',
    access: 'admin',
    tags: ['admin'],
    summary: 'Models and their documents (pending first)',
    query: adminModelsQuerySchema,
    answer: listOf(adminModelRowSchema),
  }),
  approveModel: defineRoute({
    method: 'POST',
    path: '/admin/models/:id/approve',
    access: 'admin',
    tags: ['admin'],
    summary: "Approve a model's verification document; the model is mailed",
    params: idParamSchema,
    answer: adminModelRowSchema,
  }),
  refuseModel: defineRoute({
    method: 'POST',
    path: '/admin/models/:id/refuse',
    access: 'admin',
    tags: ['admin'],
    summary: "Refuse a model's verification document with a reason; the model is mailed",
    params: idParamSchema,
    body: refuseModelSchema,
    answer: adminModelRowSchema,
  }),
  users: defineRoute({
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    tags: ['admin'],
    summary: 'Members, with their balances in tokens',
    query: adminUsersQuerySchema,
    answer: listOf(adminUserRowSchema),
  }),
  suspendUser: defineRoute({
    method: 'POST',
    path: '/admin/users/:id/suspend',
    access: 'admin',
    tags: ['admin'],
    summary: 'Suspend a member; their sessions end',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
  reactivateUser: defineRoute({
    method: 'POST',
    path: '/admin/users/:id/reactivate',
    access: 'admin',
    tags: ['admin'],
    summary: 'Reactivate a suspended or deactivated member',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
};
