import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminItemPaths } from './admin-items.paths';
import { adminItemsQuerySchema, hideItemSchema, adminItemRowSchema } from './admin-items';

const tags = ['admin', 'items'];

/** Administrators review models' items and take them out of the store or put them back. */
export const adminItemRoutes = {
  list: defineRoute({
    ...adminItemPaths.list,
    access: 'admin',
    tags,
    summary: 'Sell items of every model, newest first, filtered by status and by name or model username',
    query: adminItemsQuerySchema,
    answer: listOf(adminItemRowSchema),
  }),
  hide: defineRoute({
    ...adminItemPaths.hide,
    access: 'admin',
    tags,
    summary: 'Hide an item from the store with a reason its model sees; buyers keep their purchase',
    description:
      'A hidden item is not listed, previewed or sold, exactly like a removed one; its model still sees it, marked hidden with the reason. 409 when it is already hidden or its model removed it.',
    params: idParamSchema,
    body: hideItemSchema,
    answer: adminItemRowSchema,
  }),
  restore: defineRoute({
    ...adminItemPaths.restore,
    access: 'admin',
    tags,
    summary: 'Put a hidden item back in its model’s store',
    description: '409 when the item is not hidden or its model removed it.',
    params: idParamSchema,
    answer: adminItemRowSchema,
  }),
};
