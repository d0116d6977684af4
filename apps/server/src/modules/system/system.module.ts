import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerAuditRoutes } from './audit.routes';
import { createMenusRepository } from './menus.repository';
import { registerMenuRoutes } from './menus.routes';
import { createMenusService } from './menus.service';
import { createOutboxRepository } from './outbox.repository';
import { registerOutboxRoutes } from './outbox.routes';
import { seedFooterMenus } from './seed';
import { registerSettingsRoutes } from './settings.routes';
import { registerSystemRoutes } from './system.routes';

/** Site settings, footer menus, the favicon and the administrators' views of the mail outbox and the audit log. */
export async function systemModule(app: FastifyInstance, ctx: AppContext) {
  const { settings } = ctx;
  const menus = createMenusService({ db: ctx.db, repo: createMenusRepository(ctx.db), audit: ctx.audit });

  await seedFooterMenus(ctx.db);

  registerSystemRoutes(app, { settings });
  registerSettingsRoutes(app, { settings, ctx });
  registerMenuRoutes(app, { menus });
  registerOutboxRoutes(app, { outbox: createOutboxRepository(ctx.db) });
  registerAuditRoutes(app, { audit: ctx.audit });
}
