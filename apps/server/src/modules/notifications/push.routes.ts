import { pushRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { currentAuth } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { mountRoute } from '../../platform/routes';
import { isPushService } from './push-services';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';

type PushRouteDeps = {
  repo: PushSubscriptionsRepository;
  publicKey: string;
  /** Endpoints are the browsers' push services (push-services.ts); outside production a loopback one too (tests). */
  allowLoopbackHttp: boolean;
};

/** Browser push: the site's public key, and the signed-in member's own subscriptions (never a field's owner). */
export function registerPushRoutes(app: FastifyInstance, { repo, publicKey, allowLoopbackHttp }: PushRouteDeps) {
  mountRoute(app, routes.key, async () => ({ publicKey }));

  mountRoute(app, routes.subscribe, async (request) => {
    const { endpoint, keys } = request.body;
    if (!isPushService(endpoint, { allowLoopback: allowLoopbackHttp })) {
      const msg = "endpoint must be a browser's push service (https)";
      throw badRequest(msg, { fields: { endpoint: msg } });
    }
    await repo.save(currentAuth(request).user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return { ok: true as const };
  });

  mountRoute(app, routes.unsubscribe, async (request) => {
    await repo.remove(currentAuth(request).user.id, request.body.endpoint);
    return { ok: true as const };
  });
}
