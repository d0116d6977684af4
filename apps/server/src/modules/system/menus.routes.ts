import {
  adminMenuItemSchema,
  adminMenusQuerySchema,
  dataOf,
  idParamSchema,
  listOf,
  menuInputSchema,
  menuItemSchema,
  menuSectionParamsSchema,
  menuUpdateSchema,
  reorderMenusSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MenuRow } from './menus.repository';
import type { MenusService } from './menus.service';
import { toAdminMenuItemDto, toMenuItemDto } from './system.presenter';

// Admin routes check the caller on request, before the body is parsed or an upload is read.
const adminOnly = { security: [{ bearer: [] }], tags: ['admin', 'menus'] };
const adminList = (rows: MenuRow[]) => ({ data: { items: rows.map(toAdminMenuItemDto), count: rows.length } });

export function registerMenuRoutes(app: FastifyInstance, { menus }: { menus: MenusService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/menus/sections/:section',
    {
      schema: {
        tags: ['menus'],
        summary: 'Menu links of one section, in display order',
        params: menuSectionParamsSchema,
        response: { 200: dataOf(listOf(menuItemSchema)) },
      },
    },
    async (request) => {
      const rows = await menus.listSection(request.params.section);
      return { data: { items: rows.map(toMenuItemDto), count: rows.length } };
    },
  );

  api.get(
    '/admin/menus',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Menus of one section, or of all',
        querystring: adminMenusQuerySchema,
        response: { 200: dataOf(listOf(adminMenuItemSchema)) },
      },
    },
    async (request) => adminList(await menus.listForAdmin(request.query.section)),
  );

  api.post(
    '/admin/menus',
    {
      onRequest: app.requireAdmin,
      schema: { ...adminOnly, summary: 'Add a menu', body: menuInputSchema, response: { 201: dataOf(adminMenuItemSchema) } },
    },
    async (request, reply) => reply.status(201).send({ data: toAdminMenuItemDto(await menus.create(request.body)) }),
  );

  // Registered before /admin/menus/:id; the router prefers the static segment anyway.
  api.put(
    '/admin/menus/reorder',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Set the order of a section',
        body: reorderMenusSchema,
        response: { 200: dataOf(listOf(adminMenuItemSchema)) },
      },
    },
    async (request) => adminList(await menus.reorder(request.body)),
  );

  api.put(
    '/admin/menus/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Change a menu',
        params: idParamSchema,
        body: menuUpdateSchema,
        response: { 200: dataOf(adminMenuItemSchema) },
      },
    },
    async (request) => ({ data: toAdminMenuItemDto(await menus.update(request.params.id, request.body)) }),
  );

  api.delete(
    '/admin/menus/:id',
    {
      onRequest: app.requireAdmin,
      schema: { ...adminOnly, summary: 'Delete a menu', params: idParamSchema, response: { 204: z.undefined().describe('Deleted') } },
    },
    async (request, reply) => {
      await menus.remove(request.params.id);
      return reply.status(204).send();
    },
  );
}
