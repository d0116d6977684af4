import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Db } from '../../platform/db';
import { createPaymentProvider } from '../../providers/payments';
import { createInvoicesService } from './invoices.service';
import { createPackagesService } from './packages.service';
import { registerPackageRoutes } from './packages.routes';
import { seedTokenPackages } from './packages.seed';
import { createPaymentHistoryService } from './payment-history.service';
import { registerPaymentRoutes } from './payments.routes';
import { createPurchaseService } from './purchase.service';
import { createPaymentReconciler } from './reconciler';
import { registerSandboxRoutes } from './sandbox.routes';
import { createSavedCardsService } from './saved-cards.service';
import { createSettlement } from './settlement';
import { webhookEventsRepository } from './webhook-events.repository';
import { registerWebhookRoutes } from './webhook.routes';
import { createWebhookService } from './webhook.service';

/** Spent records outlive their nonces (15 minutes) with a wide margin, then go. */
const SPENT_NONCE_RETENTION_MS = 60 * 60_000;

/**
 * A spent sandbox nonce is recorded like a handled notification: once, across processes. Records of
 * nonces long expired are useless (an expired nonce is refused by its own signed expiry), so each
 * spend clears them.
 */
async function spendSandboxNonce(db: Db, nonceId: string, expiresAt: Date): Promise<boolean> {
  const provider = 'sandbox-nonce';
  const spent = await webhookEventsRepository.claim(
    { provider, notificationId: nonceId, eventType: 'nonce.spent', payload: { expiresAt } },
    db,
  );
  await webhookEventsRepository.deleteOlderThan(provider, new Date(Date.now() - SPENT_NONCE_RETENTION_MS), db);
  return spent;
}

/** Token packages, card payments through a provider, invoices. */
export async function paymentsModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, config, log, ledger, settings } = ctx;
  const provider = createPaymentProvider({
    config: config.payments,
    jwtSecret: config.jwtSecret,
    spendSandboxNonce: (nonceId, expiresAt) => spendSandboxNonce(db, nonceId, expiresAt),
    warn: (message, err) => log.warn({ err }, message),
  });

  await seedTokenPackages(db);

  const packages = createPackagesService({ db });
  const settlement = createSettlement({ db, ledger, events, log });
  const savedCards = createSavedCardsService({ db, provider });

  registerPackageRoutes(app, { packages });
  registerPaymentRoutes(app, ctx, {
    provider,
    history: createPaymentHistoryService({ db }),
    purchases: createPurchaseService({ db, provider, packages, settlement, savedCards, ledger, log }),
    savedCards,
    invoices: createInvoicesService({ db, settings }),
  });
  await registerWebhookRoutes(app, { webhooks: createWebhookService({ db, provider, settlement, log }) });
  if (provider.name === 'sandbox') registerSandboxRoutes(app, ctx);

  const reconciler = createPaymentReconciler({ db, provider, settlement, log });
  ctx.jobs.every('payments.reconcile', 60_000, () => reconciler.sweep());
}
