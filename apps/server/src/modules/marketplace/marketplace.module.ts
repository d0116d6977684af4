import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createMediaRepository } from '../media';
import { registerAdminItemsRoutes } from './admin-items.routes';
import { createAdminItemsService } from './admin-items.service';
import { createItemsRepository } from './items.repository';
import { registerItemsRoutes } from './items.routes';
import { createItemsService } from './items.service';
import { registerMarketplaceSocket } from './marketplace.socket';
import { createPurchasesService } from './purchases.service';

/**
 * The marketplace (docs/product.md#marketplace): models put their media on sale, members buy each
 * item once, administrators hide items from the store and restore them, and buyers keep the file
 * even after the item goes off sale.
 */
export async function marketplaceModule(app: FastifyInstance, ctx: AppContext) {
  const repo = createItemsRepository(ctx.db);
  const media = createMediaRepository(ctx.db);

  registerItemsRoutes(app, ctx, {
    items: createItemsService({ repo, media, members: ctx.members }),
    purchases: createPurchasesService({ db: ctx.db, repo, ledger: ctx.ledger, members: ctx.members, media, events: ctx.events }),
  });
  registerAdminItemsRoutes(app, createAdminItemsService({ db: ctx.db, repo, audit: ctx.audit }));

  // A buyer may read the file behind their purchase (and its thumbnail) through /media/{id} too.
  ctx.mediaAccess.addRule((file, viewerId) => repo.boughtFile(file.id, viewerId));

  const unsubscribe = registerMarketplaceSocket({
    events: ctx.events,
    io: ctx.io,
    repo,
    members: ctx.members,
    legacyEvents: () => ctx.settings.cached('legacySocketEvents'),
  });
  app.addHook('onClose', async () => unsubscribe());
}
