import { callRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { CallSettingsService } from './call-settings.service';
import type { CallsService } from './calls.service';

/** Thin handlers for calls: the route table parses and guards, a service acts (docs/product.md#calls). */
export function registerCallRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit'>,
  s: { calls: CallsService; settings: CallSettingsService },
) {
  const viewerOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  mountRoute(
    app,
    routes.initiate,
    async (request) => {
      const { id, name, username } = currentAuth(request).user;
      const { modelId, expectedPrice } = request.body;
      return s.calls.initiate({ caller: { id, name, username }, modelId, expectedRate: expectedPrice });
    },
    // A ring is a notification on someone else's screen: a member may not ring people endlessly.
    { config: { rateLimit: ctx.rateLimit(10, '1 minute', byUser) } },
  );
  mountRoute(app, routes.status, async (request) => s.calls.status(viewerOf(request), request.params.id));
  mountRoute(app, routes.history, async (request) => s.calls.history(viewerOf(request), request.query));
  mountRoute(app, routes.voiceToken, async (request) => s.calls.voiceToken(viewerOf(request)));
  mountRoute(app, routes.charge, async (request) => s.calls.charge(viewerOf(request), request.params.id));
  mountRoute(app, routes.accept, async (request) => s.calls.accept(viewerOf(request), request.params.id));
  mountRoute(app, routes.decline, async (request) => s.calls.decline(viewerOf(request), request.params.id));
  mountRoute(app, routes.end, async (request) => s.calls.end(viewerOf(request), request.params.id));

  mountRoute(app, routes.settings, async (request) => s.settings.get(viewerOf(request)));
  mountRoute(app, routes.updateSettings, async (request) => s.settings.update(viewerOf(request), request.body));
  mountRoute(app, routes.setRate, async (request) => s.settings.update(viewerOf(request), { callRate: request.body.callRate }));
}
