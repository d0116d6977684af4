import { itemsRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import { sendMediaFile } from '../media';
import { createBlurredPreviews } from './blurred-preview';
import type { ItemsService } from './items.service';
import type { PurchasesService } from './purchases.service';

export type MarketplaceServices = { items: ItemsService; purchases: PurchasesService };

/** Thin handlers: the route table parses and guards, a service acts (docs/product.md#marketplace). */
export function registerItemsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit' | 'storage'>, s: MarketplaceServices) {
  const blurred = createBlurredPreviews((key) => ctx.storage.read(key));

  mountRoute(app, routes.create, async (request) => s.items.create({ user: currentAuth(request).user, input: request.body }));

  // Public: anonymous visitors see the items; a signed-in viewer also sees what they bought.
  mountRoute(app, routes.ofModel, async (request) => {
    const { modelId, ...page } = request.query;
    return s.items.ofModel({ modelId, viewerId: request.auth?.user.id, page });
  });

  mountRoute(app, routes.mine, async (request) => s.items.mine({ user: currentAuth(request).user, page: request.query }));

  mountRoute(app, routes.update, async (request) =>
    s.items.update({ user: currentAuth(request).user, id: request.params.id, patch: request.body }),
  );

  mountRoute(app, routes.remove, async (request) => {
    await s.items.remove({ user: currentAuth(request).user, id: request.params.id });
    return null;
  });

  // Anyone may see it, so it gives the photo away to nobody: blurred (issue #28).
  mountRoute(app, routes.preview, async (request, reply) => {
    const { item, key } = await s.items.preview(request.params.id);
    const jpeg = await blurred(key);
    const fileName = `${item.name.replace(/[^\w. -]+/g, '').trim() || 'item'}-preview.jpg`;
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=60')
      .send(jpeg);
  });

  mountRoute(app, routes.purchases, async (request) => s.purchases.list({ buyerId: currentAuth(request).user.id, page: request.query }));

  mountRoute(
    app,
    routes.purchase,
    async (request) => {
      const { id, username } = currentAuth(request).user;
      return s.purchases.purchase({ buyer: { id, username }, input: request.body });
    },
    // docs/product.md#limits: purchases are limited per member.
    { config: { rateLimit: ctx.rateLimit(10, '1 minute', byUser) } },
  );

  mountRoute(app, routes.hidePurchase, async (request) => {
    await s.purchases.hide({ buyerId: currentAuth(request).user.id, id: request.params.id });
    return null;
  });

  // Public in the table so a link or <video> can use the accessToken cookie; the buyer alone gets the bytes.
  mountRoute(app, routes.download, async (request, reply) => {
    const file = await s.purchases.downloadable({ buyerId: currentAuth(request).user.id, id: request.params.id });
    return sendMediaFile(reply, { file, rangeHeader: request.headers.range, storage: ctx.storage });
  });
}
