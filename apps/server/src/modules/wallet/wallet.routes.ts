import {
  adjustBalanceSchema,
  dataOf,
  earningListSchema,
  errorBodySchema,
  idParamSchema,
  ledgerCheckSchema,
  listOf,
  pageQuerySchema,
  shareLoveResultSchema,
  shareLoveSchema,
  walletEntrySchema,
  walletSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import type { EarningsService } from './earnings.service';
import type { Ledger } from './ledger.service';
import type { TipsService } from './tips.service';
import type { WalletAdminService } from './wallet-admin.service';

export type WalletServices = { ledger: Ledger; tips: TipsService; earnings: EarningsService; admin: WalletAdminService };

const errors = { '4xx': errorBodySchema };
const bearer = [{ bearer: [] }];

/** Thin handlers: the schema parses, a service acts. Movements announce new balances after commit. */
export function registerWalletRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, s: WalletServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest so a caller without the right gets 401/403 before any input is read.
  const signedIn = { onRequest: app.requireUser };
  const adminOnly = { onRequest: app.requireAdmin };

  api.get(
    '/wallet',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'My balance, hundredths of a token',
        security: bearer,
        response: { 200: dataOf(walletSchema), ...errors },
      },
    },
    async (request) => ({ data: { balance: await s.ledger.balanceOf(currentAuth(request).user.id) } }),
  );

  api.get(
    '/wallet/entries',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'My statement: what moved in and out of my wallet, newest first',
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(walletEntrySchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.ledger.statement({ userId: currentAuth(request).user.id, ...request.query }) }),
  );

  api.get(
    '/earning',
    {
      ...signedIn,
      schema: {
        tags: ['wallet'],
        summary: 'Models: my earnings (gross, commission, net) with totals',
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: dataOf(earningListSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.earnings.listForModel({ user: currentAuth(request).user, page: request.query }) }),
  );

  api.post(
    '/share-love/create',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(30, '1 minute', byUser) },
      schema: {
        tags: ['wallet'],
        summary: 'Tip a model; the site keeps its commission',
        security: bearer,
        body: shareLoveSchema,
        response: { 201: dataOf(shareLoveResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      return reply.status(201).send({ data: await s.tips.send({ payer: user, input: request.body }) });
    },
  );

  // ---- administrators ---------------------------------------------------------------------------

  api.post(
    '/admin/users/:id/adjust-balance',
    {
      ...adminOnly,
      schema: {
        tags: ['admin', 'wallet'],
        summary: 'Add or remove tokens with a reason (written to the ledger)',
        security: bearer,
        params: idParamSchema,
        body: adjustBalanceSchema,
        response: { 200: dataOf(walletSchema), ...errors },
      },
    },
    async (request) => ({
      data: await s.admin.adjust({ adminId: currentAuth(request).user.id, userId: request.params.id, input: request.body }),
    }),
  );

  api.get(
    '/admin/users/:id/entries',
    {
      ...adminOnly,
      schema: {
        tags: ['admin', 'wallet'],
        summary: "A member's statement, newest first",
        security: bearer,
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(walletEntrySchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.admin.statement({ userId: request.params.id, page: request.query }) }),
  );

  api.get(
    '/admin/ledger/check',
    {
      ...adminOnly,
      schema: {
        tags: ['admin', 'wallet'],
        summary: 'Ledger integrity: unbalanced transactions and drifted balances (both empty when all is well)',
        security: bearer,
        response: { 200: dataOf(ledgerCheckSchema), ...errors },
      },
    },
    async () => ({ data: await s.admin.check() }),
  );
}
