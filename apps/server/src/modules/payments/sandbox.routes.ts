import { paymentRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { badRequest } from '../../platform/errors';
import { mountRoute } from '../../platform/routes';
import { nonceKey, SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY, tokenizeCard } from '../../providers/payments';
import { sandboxAcceptScript } from './sandbox-accept-script';

const script = sandboxAcceptScript(`/api${routes.sandboxTokenize.path}`);

/**
 * Only with PAYMENT_PROVIDER=sandbox: the Accept.js look-alike and the tokenizer it calls. These stand
 * in for Authorize.Net's own services, so they are public like those (no sign-in), and the card
 * number that reaches the tokenizer is checked, turned into a nonce and dropped — never stored or
 * logged (request bodies are not logged).
 */
export function registerSandboxRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'rateLimit'>) {
  const key = nonceKey(ctx.config.jwtSecret);

  mountRoute(app, routes.sandboxScript, async (_request, reply) =>
    reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );

  mountRoute(
    app,
    routes.sandboxTokenize,
    async (request) => {
      const { authData, cardData } = request.body;
      if (authData.apiLoginID !== SANDBOX_API_LOGIN_ID || authData.clientKey !== SANDBOX_CLIENT_KEY) {
        const text = 'User authentication failed due to invalid authentication values.';
        throw badRequest(text, { fields: { authData: text }, acceptCode: 'E_WC_21' });
      }
      const result = tokenizeCard(key, cardData);
      if ('acceptCode' in result) throw badRequest(result.text, { fields: { [result.field]: result.text }, acceptCode: result.acceptCode });
      return result;
    },
    { config: { rateLimit: ctx.rateLimit(30, '1 minute') } },
  );
}
