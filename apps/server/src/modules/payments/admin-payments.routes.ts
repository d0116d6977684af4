import { adminPaymentRoutes, paymentRoutes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { AdminPaymentsService } from './admin-payments.service';
import type { ReversalService } from './reversal.service';

/** Administrators search payments and invoices, open one payment, refund it or record its chargeback. The table guards them. */
export function registerAdminPaymentRoutes(app: FastifyInstance, s: { admin: AdminPaymentsService; reversals: ReversalService }) {
  mountRoute(app, paymentRoutes.adminPayments, async (request) => s.admin.listPayments(request.query));
  mountRoute(app, paymentRoutes.adminInvoices, async (request) => s.admin.listInvoices(request.query));
  mountRoute(app, adminPaymentRoutes.detail, async (request) => s.admin.detail(request.params.id));
  mountRoute(app, adminPaymentRoutes.refund, async (request) =>
    s.reversals.refund(adminActor(request), request.params.id, request.body.reason, request.body.tokens),
  );
  mountRoute(app, adminPaymentRoutes.chargeback, async (request) =>
    s.reversals.chargeback(adminActor(request), request.params.id, request.body.reason),
  );
}
