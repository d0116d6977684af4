import { walletRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { adminActor } from '../../platform/audit';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { EarningsService } from './earnings.service';
import type { Ledger } from './ledger.service';
import type { TipsService } from './tips.service';
import type { AdminWalletService } from './admin-wallet.service';

export type WalletServices = { ledger: Ledger; tips: TipsService; earnings: EarningsService; admin: AdminWalletService };

/** Thin handlers: the route table parses and guards, a service acts. Movements announce new balances after commit. */
export function registerWalletRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, s: WalletServices) {
  mountRoute(app, routes.balance, async (request) => ({ balance: await s.ledger.balanceOf(currentAuth(request).user.id) }));

  mountRoute(app, routes.statement, async (request) => s.ledger.statement({ userId: currentAuth(request).user.id, ...request.query }));

  mountRoute(app, routes.earnings, async (request) => s.earnings.listForModel({ user: currentAuth(request).user, query: request.query }));

  mountRoute(app, routes.tip, async (request) => s.tips.send({ payer: currentAuth(request).user, input: request.body }), {
    config: { rateLimit: ctx.rateLimit(30, '1 minute', byUser) },
  });

  mountRoute(app, routes.adjustBalance, async (request) =>
    s.admin.adjust(adminActor(request), { userId: request.params.id, input: request.body }),
  );

  mountRoute(app, routes.memberStatement, async (request) => s.admin.statement({ userId: request.params.id, page: request.query }));

  mountRoute(app, routes.ledgerCheck, async () => s.admin.check());
}
