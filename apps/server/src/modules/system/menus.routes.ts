import { menuRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { MenuRow } from './menus.repository';
import type { MenusService } from './menus.service';
import { toAdminMenuItemDto, toMenuItemDto } from './system.presenter';

const adminList = (rows: MenuRow[]) => ({ items: rows.map(toAdminMenuItemDto), count: rows.length });

/** Anyone reads a section's links; administrators add, change, order and delete them. */
export function registerMenuRoutes(app: FastifyInstance, { menus }: { menus: MenusService }) {
  mountRoute(app, routes.section, async (request) => {
    const rows = await menus.listSection(request.params.section);
    return { items: rows.map(toMenuItemDto), count: rows.length };
  });

  mountRoute(app, routes.adminList, async (request) => adminList(await menus.listForAdmin(request.query.section)));

  mountRoute(app, routes.create, async (request) => toAdminMenuItemDto(await menus.create(adminActor(request), request.body)));

  // Registered before /admin/menus/:id; the router prefers the static segment anyway.
  mountRoute(app, routes.reorder, async (request) => adminList(await menus.reorder(adminActor(request), request.body)));

  mountRoute(app, routes.update, async (request) =>
    toAdminMenuItemDto(await menus.update(adminActor(request), request.params.id, request.body)),
  );

  mountRoute(app, routes.remove, async (request) => {
    await menus.remove(adminActor(request), request.params.id);
    return null;
  });
}
