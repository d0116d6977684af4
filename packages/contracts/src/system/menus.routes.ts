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

/** Menu links per section (the footer is one): anyone reads them, administrators edit them. */
export const menuRoutes = {
  section: defineRoute({
    method: 'GET',
    path: '/menus/sections/:section',
    access: 'public',
    tags: ['menus'],
    summary: 'Menu links of one section, in display order',
    params: menuSectionParamsSchema,
    answer: listOf(menuItemSchema),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/admin/menus',
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Menus of one section, or of all',
    query: adminMenusQuerySchema,
    answer: listOf(adminMenuItemSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/admin/menus',
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Add a menu',
    body: menuInputSchema,
    status: 201,
    answer: adminMenuItemSchema,
  }),
  reorder: defineRoute({
    method: 'PUT',
    path: '/admin/menus/reorder',
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Set the order of a section',
    body: reorderMenusSchema,
    answer: listOf(adminMenuItemSchema),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/admin/menus/:id',
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Change a menu',
    params: idParamSchema,
    body: menuUpdateSchema,
    answer: adminMenuItemSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/admin/menus/:id',
    access: 'admin',
    tags: ['admin', 'menus'],
    summary: 'Delete a menu',
    params: idParamSchema,
    answer: null,
  }),
};
