import { paymentRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { mountRoute } from '../../platform/routes';
import type { WebhookService } from './webhook.service';

/** Webhook bodies are small; anything bigger is not Authorize.Net. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /payment/authorizenet/webhook. The signature covers the raw bytes, so this route lives in a
 * plugin of its own whose only body parser keeps the body as a Buffer; every other route keeps the
 * app's JSON parser.
 */
export async function registerWebhookRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhookService }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    mountRoute(scope, routes.webhook, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-anet-signature'];
      await webhooks.handle(rawBody, Array.isArray(signature) ? signature[0] : signature);
      return { ok: true as const };
    });
  });
}
