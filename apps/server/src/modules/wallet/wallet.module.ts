import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { adminEarningRoutes } from '@cc/contracts';
import { mountRoute } from '../../platform/routes';
import { createAdminEarningsService } from './admin-earnings.service';
import { createEarningsService } from './earnings.service';
import { createTipsService } from './tips.service';
import { createAdminWalletService } from './admin-wallet.service';
import { registerWalletRoutes } from './wallet.routes';
import { registerWalletSocket } from './wallet.socket';

/** The ledger: wallets, transfers with commission, earnings, tips, administrator adjustments. */
export async function walletModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, ledger, members, audit } = ctx;
  await ledger.openSiteAccounts();

  registerWalletRoutes(app, ctx, {
    ledger,
    tips: createTipsService({ ledger, members, events }),
    earnings: createEarningsService({ db, now: ctx.clock.now }),
    admin: createAdminWalletService({ db, ledger, members, audit }),
  });

  // Every model's earnings, for administrators (docs/product.md#earnings-for-administrators).
  const adminEarnings = createAdminEarningsService({ db });
  mountRoute(app, adminEarningRoutes.list, async (request) => adminEarnings.list(request.query));

  const unsubscribe = registerWalletSocket({
    events,
    io: ctx.io,
    balanceOf: (userId) => ledger.balanceOf(userId),
    legacyEvents: () => ctx.settings.cached('legacySocketEvents'),
    usernameOf: async (userId) => (await members.findPayee(userId))?.username,
  });
  app.addHook('onClose', async () => unsubscribe());
}
