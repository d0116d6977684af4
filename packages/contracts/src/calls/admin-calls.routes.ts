import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminCallPaths } from './admin-calls.paths';
import { adminCallsQuerySchema, adminCallRowSchema } from './admin-calls';

/** Administrators: every call, live and past, with its charges; a live call can be ended (docs/product.md#calls). */
export const adminCallRoutes = {
  list: defineRoute({
    ...adminCallPaths.list,
    access: 'admin',
    tags: ['admin', 'calls'],
    summary: 'Calls, live first, then newest first; filtered by status (live, ended) and by either party',
    query: adminCallsQuerySchema,
    answer: listOf(adminCallRowSchema),
  }),
  end: defineRoute({
    ...adminCallPaths.end,
    access: 'admin',
    tags: ['admin', 'calls'],
    summary: 'End a live call: what is due is charged as for a hang-up, and both parties are told',
    description:
      'A connected call is charged what the billing rules make due at this instant, then ends; a ringing call ends without charge. A call that has already ended answers 409.',
    params: idParamSchema.describe("The call's id"),
    answer: adminCallRowSchema,
  }),
};
