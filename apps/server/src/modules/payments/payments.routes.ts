import { paymentRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { PaymentProvider } from '../../providers/payments';
import type { InvoicesService } from './invoices.service';
import type { PaymentHistoryService } from './payment-history.service';
import type { PurchaseService } from './purchase.service';

export type PaymentRouteDeps = {
  provider: PaymentProvider;
  purchases: PurchaseService;
  history: PaymentHistoryService;
  invoices: InvoicesService;
};

/** A member buys tokens and reads their payments and invoices. Thin handlers: the route table parses, a service acts. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, s: PaymentRouteDeps) {
  mountRoute(app, routes.acceptConfig, async () => s.provider.acceptConfig());

  mountRoute(
    app,
    routes.purchase,
    async (request, reply) => {
      const { status, result } = await s.purchases.purchase(currentAuth(request).user, request.body);
      // A payment held for review answers 202 with the same answer.
      reply.status(status);
      return result;
    },
    { config: { rateLimit: ctx.rateLimit(10, '1 minute', byUser) } },
  );

  mountRoute(app, routes.history, async (request) => s.history.forMember(currentAuth(request).user.id, request.query));

  mountRoute(app, routes.invoices, async (request) => s.invoices.listForMember(currentAuth(request).user.id, request.query));

  mountRoute(app, routes.invoice, async (request) => s.invoices.get(currentAuth(request), request.params.id));
}
