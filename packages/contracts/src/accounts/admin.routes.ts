import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminModelRowSchema, adminModelsQuerySchema, adminUserRowSchema, adminUsersQuerySchema, refuseModelSchema } from './admin';
import { accountAdminPaths } from './admin.paths';

/** Administrators: the model review queue and members' accounts. */
export const accountAdminRoutes = {
  models: defineRoute({
    ...accountAdminPaths.models,
    access: 'admin',
    tags: ['admin'],
    summary: 'Models and their documents (pending first)',
    query: adminModelsQuerySchema,
    answer: listOf(adminModelRowSchema),
  }),
  approveModel: defineRoute({
    ...accountAdminPaths.approveModel,
    access: 'admin',
    tags: ['admin'],
    summary: "Approve a model's verification document; the model is mailed",
    params: idParamSchema,
    answer: adminModelRowSchema,
  }),
  refuseModel: defineRoute({
    ...accountAdminPaths.refuseModel,
    access: 'admin',
    tags: ['admin'],
    summary: "Refuse a model's verification document with a reason; the model is mailed",
    params: idParamSchema,
    body: refuseModelSchema,
    answer: adminModelRowSchema,
  }),
  users: defineRoute({
    ...accountAdminPaths.users,
    access: 'admin',
    tags: ['admin'],
    summary: 'Members, with their balances in tokens',
    query: adminUsersQuerySchema,
    answer: listOf(adminUserRowSchema),
  }),
  suspendUser: defineRoute({
    ...accountAdminPaths.suspendUser,
    access: 'admin',
    tags: ['admin'],
    summary: 'Suspend a member; their sessions end',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
  reactivateUser: defineRoute({
    ...accountAdminPaths.reactivateUser,
    access: 'admin',
    tags: ['admin'],
    summary: 'Reactivate a suspended or deactivated member',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
  makeAdmin: defineRoute({
    ...accountAdminPaths.makeAdmin,
    access: 'admin',
    tags: ['admin'],
    summary: 'Make an active member (not a model) an administrator',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
  removeAdmin: defineRoute({
    ...accountAdminPaths.removeAdmin,
    access: 'admin',
    tags: ['admin'],
    summary: 'Take the administrator role back; the last administrator cannot be removed',
    params: idParamSchema,
    answer: adminUserRowSchema,
  }),
};
