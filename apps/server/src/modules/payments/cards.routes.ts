import { paymentRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import { toSavedCardDto } from './payments.presenter';
import type { SavedCardsService } from './saved-cards.service';

/** A member's saved cards (customer payment profiles at the provider), shown masked. */
export function registerCardRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit'>,
  { savedCards }: { savedCards: SavedCardsService },
) {
  mountRoute(app, routes.savedCards, async (request) => {
    const rows = await savedCards.list(currentAuth(request).user);
    return { items: rows.map(toSavedCardDto), count: rows.length };
  });

  mountRoute(
    app,
    routes.saveCard,
    async (request) => toSavedCardDto(await savedCards.save(currentAuth(request).user, request.body.opaqueData)),
    {
      config: { rateLimit: ctx.rateLimit(10, '10 minutes', byUser) },
    },
  );

  mountRoute(app, routes.removeCard, async (request) => {
    await savedCards.remove(currentAuth(request).user, request.params.id);
    return null;
  });
}
