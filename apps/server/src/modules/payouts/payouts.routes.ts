import { payoutsRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { currentAuth } from '../../platform/auth';
import { mountRoute } from '../../platform/routes';
import type { PayoutAccountsService } from './payout-accounts.service';
import type { PayoutDecisionsService } from './payout-decisions.service';
import type { PayoutRequestsService } from './payout-requests.service';

export type PayoutServices = { accounts: PayoutAccountsService; requests: PayoutRequestsService; decisions: PayoutDecisionsService };

/** Thin handlers for payouts (docs/product.md#payouts): the route table parses and guards, a service acts. */
export function registerPayoutRoutes(app: FastifyInstance, s: PayoutServices) {
  mountRoute(app, routes.account, async (request) => s.accounts.get(currentAuth(request).user));
  mountRoute(app, routes.saveAccount, async (request) => s.accounts.save(currentAuth(request).user, request.body));

  mountRoute(app, routes.requests, async (request) => s.requests.listMine({ user: currentAuth(request).user, page: request.query }));
  // Guessing is bounded by the account code itself: 5 tries per code, codes sent at most 5 per 10 minutes.
  mountRoute(app, routes.request, async (request) => s.requests.request({ user: currentAuth(request).user, input: request.body }));

  mountRoute(app, routes.adminList, async (request) => s.decisions.list(request.query));
  // The body may be absent: its schema defaults to {} (no note).
  mountRoute(app, routes.approve, async (request) =>
    s.decisions.decide('approve', adminActor(request), { id: request.params.id, note: request.body.note }),
  );
  mountRoute(app, routes.markPaid, async (request) =>
    s.decisions.decide('pay', adminActor(request), { id: request.params.id, note: request.body.note, reference: request.body.reference }),
  );
  mountRoute(app, routes.reject, async (request) =>
    s.decisions.decide('reject', adminActor(request), { id: request.params.id, note: request.body.note }),
  );
}
