import {
  acceptConfigSchema,
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  invoiceSchema,
  listOf,
  pageQuerySchema,
  paymentSchema,
  purchaseRequestSchema,
  purchaseResultSchema,
  saveCardSchema,
  savedCardSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import type { PaymentProvider } from '../../providers/payments';
import type { InvoicesService } from './invoices.service';
import type { PaymentHistoryService } from './payment-history.service';
import { toSavedCardDto } from './payments.presenter';
import type { PurchaseService } from './purchase.service';
import type { SavedCardsService } from './saved-cards.service';

export type PaymentRouteDeps = {
  history: PaymentHistoryService;
  provider: PaymentProvider;
  purchases: PurchaseService;
  savedCards: SavedCardsService;
  invoices: InvoicesService;
};

const errors = { '4xx': errorBodySchema, '5xx': errorBodySchema };
const bearer = [{ bearer: [] }];
const member = { security: bearer, tags: ['payments'] };
const admin = { security: bearer, tags: ['admin', 'payments'] };

/** Thin handlers: the schema parses (unknown keys, like a client-sent amount, are dropped), a service acts. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, s: PaymentRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest, so a caller without the right is refused before any input is read.
  const signedIn = { onRequest: app.requireUser };
  const adminOnly = { onRequest: app.requireAdmin };

  api.post(
    '/payment/authorizenet/token',
    {
      ...signedIn,
      schema: {
        ...member,
        summary: 'What the browser needs to turn a card into a one-time nonce',
        response: { 200: dataOf(acceptConfigSchema), ...errors },
      },
    },
    async () => ({ data: s.provider.acceptConfig() }),
  );

  api.get(
    '/payment/authorizenet/customer-profile',
    { ...signedIn, schema: { ...member, summary: 'Saved cards (masked)', response: { 200: dataOf(listOf(savedCardSchema)), ...errors } } },
    async (request) => {
      const rows = await s.savedCards.list(currentAuth(request).user);
      return { data: { items: rows.map(toSavedCardDto), count: rows.length } };
    },
  );

  api.post(
    '/payment/authorizenet/customer-profile',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(10, '10 minutes', byUser) },
      schema: {
        ...member,
        summary: 'Save a card from a nonce',
        body: saveCardSchema,
        response: { 201: dataOf(savedCardSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: toSavedCardDto(await s.savedCards.save(currentAuth(request).user, request.body.opaqueData)) }),
  );

  api.delete(
    '/payment/authorizenet/customer-profile/:id',
    {
      ...signedIn,
      schema: { ...member, summary: 'Remove a saved card', params: idParamSchema, response: { 204: z.undefined(), ...errors } },
    },
    async (request, reply) => {
      await s.savedCards.remove(currentAuth(request).user, request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/payment/transactions/request',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(10, '1 minute', byUser) },
      schema: {
        ...member,
        summary: 'Buy a token package (price from the package; the idempotency key makes a retry charge once)',
        body: purchaseRequestSchema,
        response: { 200: dataOf(purchaseResultSchema), 202: dataOf(purchaseResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { status, result } = await s.purchases.purchase(currentAuth(request).user, request.body);
      return reply.status(status).send({ data: result });
    },
  );

  api.get(
    '/payment/transactions',
    {
      ...signedIn,
      schema: {
        ...member,
        summary: 'My payments, newest first',
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(paymentSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.history.forMember(currentAuth(request).user.id, request.query) }),
  );

  api.get(
    '/invoice',
    {
      ...signedIn,
      schema: {
        ...member,
        summary: 'My invoices, newest first',
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(invoiceSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.invoices.listForMember(currentAuth(request).user.id, request.query) }),
  );

  api.get(
    '/invoice/:id',
    {
      ...signedIn,
      schema: {
        ...member,
        summary: 'One invoice (its buyer or an administrator)',
        params: idParamSchema,
        response: { 200: dataOf(invoiceSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.invoices.get(currentAuth(request), request.params.id) }),
  );

  api.get(
    '/admin/payments',
    {
      ...adminOnly,
      schema: {
        ...admin,
        summary: 'Every payment, newest first',
        querystring: adminPaymentsQuerySchema,
        response: { 200: dataOf(listOf(adminPaymentSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.history.forAdmin(request.query) }),
  );

  api.get(
    '/admin/invoices',
    {
      ...adminOnly,
      schema: {
        ...admin,
        summary: 'Every invoice, newest first',
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(invoiceSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.invoices.listAll(request.query) }),
  );
}
