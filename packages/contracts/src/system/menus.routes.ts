import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  adminMenuItemSchema,
  adminMenusQuerySchema,
  menuInputSchema,
  menuItemSchema,
  menuSectionParamsSchema,
  menuUpdateSchema,
  reorderMenusSchema,
} from './menus';
import { menuPaths } from './menus.paths';

/** Menu links per section (the footer is one): anyone reads them, administrators edit them. */
export const menuRoutes = {
  section: defineRoute({
    ...menuPaths.section,
    access: 'public',
    tags: ['menus'],
    summary: 'Menu links of one section, in display order',
    params: menuSectionParamsSchema,
    answer: listOf(menuItemSchema),
  }),
  adminList: defineRoute({
    ...menuPaths.adminList,
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Menus of one section, or of all',
    query: adminMenusQuerySchema,
    answer: listOf(adminMenuItemSchema),
  }),
  create: defineRoute({
    ...menuPaths.create,
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Add a menu',
    body: menuInputSchema,
    status: 201,
    answer: adminMenuItemSchema,
  }),
  reorder: defineRoute({
    ...menuPaths.reorder,
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Set the order of a section',
    body: reorderMenusSchema,
    answer: listOf(adminMenuItemSchema),
  }),
  update: defineRoute({
    ...menuPaths.update,
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Change a menu',
    params: idParamSchema,
    body: menuUpdateSchema,
    answer: adminMenuItemSchema,
  }),
  remove: defineRoute({
    ...menuPaths.remove,
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Delete a menu',
    params: idParamSchema,
    answer: null,
  }),
};
