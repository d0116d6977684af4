import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createAccountCodeService } from '../accounts';
import { createPayoutAccountsService } from './payout-accounts.service';
import { createPayoutDecisionsService } from './payout-decisions.service';
import { createPayoutRequestsService } from './payout-requests.service';
import { createPayoutsRepository } from './payouts.repository';
import { registerPayoutRoutes } from './payouts.routes';

/**
 * Payouts (docs/product.md#payouts): a model's payout account and requests, and administrators'
 * decisions on them. The tokens move through the ledger: held when requested, settled when paid,
 * given back when rejected.
 */
export async function payoutsModule(app: FastifyInstance, ctx: AppContext) {
  const { db, ledger, events, settings, audit } = ctx;
  const repo = createPayoutsRepository(db);
  registerPayoutRoutes(app, {
    accounts: createPayoutAccountsService({ repo }),
    requests: createPayoutRequestsService({ db, repo, ledger, settings, codes: createAccountCodeService(ctx), events }),
    decisions: createPayoutDecisionsService({ db, repo, ledger, events, audit }),
  });
}
