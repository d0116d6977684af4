import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createPaymentProvider } from '../../providers/payments';
import { createAdminPaymentsRepository } from './admin-payments.repository';
import { registerAdminPaymentRoutes } from './admin-payments.routes';
import { createAdminPaymentsService } from './admin-payments.service';
import { createCardsRepository } from './cards.repository';
import { registerCardRoutes } from './cards.routes';
import { createInvoicesRepository } from './invoices.repository';
import { createInvoicesService } from './invoices.service';
import { createPackagesRepository } from './packages.repository';
import { registerPackageRoutes } from './packages.routes';
import { seedTokenPackages } from './packages.seed';
import { createPackagesService } from './packages.service';
import { createPaymentHistoryService } from './payment-history.service';
import { createPaymentsRepository } from './payments.repository';
import { registerPaymentRoutes } from './payments.routes';
import { createPurchaseService } from './purchase.service';
import { createPaymentReconciler } from './reconciler';
import { createReversalService } from './reversal.service';
import { registerSandboxRoutes } from './sandbox.routes';
import { createSavedCardsService } from './saved-cards.service';
import { createSettlement } from './settlement';
import { createWebhookEventsRepository, type WebhookEventsRepository } from './webhook-events.repository';
import { registerWebhookRoutes } from './webhook.routes';
import { createWebhookService } from './webhook.service';

/** Spent records outlive their nonces (15 minutes) with a wide margin, then go. */
const SPENT_NONCE_RETENTION_MS = 60 * 60_000;

/**
 * A spent sandbox nonce is recorded like a handled notification: once, across processes. Records of
 * nonces long expired are useless (an expired nonce is refused by its own signed expiry), so each
 * spend clears them.
 */
async function spendSandboxNonce(webhookEvents: WebhookEventsRepository, nonceId: string, expiresAt: Date): Promise<boolean> {
  const provider = 'sandbox-nonce';
  const spent = await webhookEvents.claim({ provider, notificationId: nonceId, eventType: 'nonce.spent', payload: { expiresAt } });
  await webhookEvents.deleteOlderThan(provider, new Date(Date.now() - SPENT_NONCE_RETENTION_MS));
  return spent;
}

/** Token packages, card payments through a provider, invoices. */
export async function paymentsModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, config, log, ledger, settings, audit } = ctx;
  const repositories = {
    packages: createPackagesRepository(db),
    cards: createCardsRepository(db),
    payments: createPaymentsRepository(db),
    invoices: createInvoicesRepository(db),
    webhookEvents: createWebhookEventsRepository(db),
  };
  const { payments, cards, invoices, webhookEvents } = repositories;
  const provider = createPaymentProvider({
    config: config.payments,
    jwtSecret: config.jwtSecret,
    spendSandboxNonce: (nonceId, expiresAt) => spendSandboxNonce(webhookEvents, nonceId, expiresAt),
    warn: (message, err) => log.warn({ err }, message),
  });

  await seedTokenPackages(db);

  const packages = createPackagesService({ db, packages: repositories.packages, audit });
  const settlement = createSettlement({ db, payments, invoices, ledger, events, log });
  const savedCards = createSavedCardsService({ cards, provider });
  const history = createPaymentHistoryService({ payments });
  const invoiceService = createInvoicesService({ invoices, settings });

  registerPackageRoutes(app, { packages });
  registerPaymentRoutes(app, ctx, {
    provider,
    purchases: createPurchaseService({ payments, cards, provider, packages, settlement, savedCards, ledger, log }),
    history,
    invoices: invoiceService,
  });
  registerCardRoutes(app, ctx, { savedCards });
  const adminRepo = createAdminPaymentsRepository(db);
  const adminPayments = createAdminPaymentsService({ admin: adminRepo, invoices, settings, ledger });
  registerAdminPaymentRoutes(app, {
    admin: adminPayments,
    reversals: createReversalService({
      db,
      payments,
      admin: adminRepo,
      ledger,
      provider,
      audit,
      details: adminPayments,
      events: ctx.events,
      log,
    }),
  });
  await registerWebhookRoutes(app, { webhooks: createWebhookService({ db, payments, webhookEvents, provider, settlement, log }) });
  if (provider.name === 'sandbox') registerSandboxRoutes(app, ctx);

  const reconciler = createPaymentReconciler({ payments, provider, settlement, log });
  ctx.jobs.every('payments.reconcile', 60_000, () => reconciler.sweep());
}
