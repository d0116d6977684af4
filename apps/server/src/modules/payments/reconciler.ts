import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, TransactionResult } from '../../providers/payments/types';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import { paymentReference } from './reference';
import type { Settlement } from './settlement';

/** Older than any charge still in flight (the provider call times out well before this). */
export const STALE_AFTER_MS = 2 * 60_000;
/** A payment the provider still does not know after this was never charged. */
export const GIVE_UP_AFTER_MS = 30 * 60_000;
export const NOT_CHARGED_MESSAGE = 'The card provider has no record of this payment, so you were not charged. Please try again.';

/**
 * Settles payments whose outcome was lost: `pending` (the process stopped between writing the row
 * and hearing from the provider) and `unknown` (the provider's answer never came). Each is looked
 * up at the provider; an approval credits through the same settlement as a live purchase or a
 * webhook (so a payment is credited once, whichever path gets there first), a refusal is recorded,
 * and a payment the provider still does not know after GIVE_UP_AFTER_MS is closed as not charged.
 * Safe to run on every process at once.
 */
export function createPaymentReconciler(deps: {
  payments: PaymentsRepository;
  provider: PaymentProvider;
  settlement: Settlement;
  log: FastifyBaseLogger;
}) {
  const { payments, provider, settlement, log } = deps;

  async function settleOne(payment: PaymentRow, now: number) {
    let found: TransactionResult | null;
    try {
      found = await provider.findTransaction({ reference: paymentReference(payment.id), since: payment.createdAt });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'reconciliation lookup failed; will try again');
      return 'skipped';
    }
    if (!found) {
      if (now - payment.createdAt.getTime() < GIVE_UP_AFTER_MS) return 'waiting';
      await settlement.close(payment.id, 'error', { failureMessage: NOT_CHARGED_MESSAGE });
      return 'closed';
    }
    if (found.amountCents !== undefined && found.amountCents !== payment.amountCents) {
      log.error(
        { paymentId: payment.id, found: found.amountCents, expected: payment.amountCents },
        'provider amount differs; needs a person',
      );
      return 'skipped';
    }
    const card = { transactionId: found.transactionId, cardLast4: found.cardLast4, cardBrand: found.cardBrand };
    if (found.outcome === 'approved') await settlement.approve(payment.id, card);
    else await settlement.close(payment.id, found.outcome, { ...card, failureMessage: found.message });
    return found.outcome;
  }

  /** One pass over the stale payments; answers what happened to each, for logs and tests. */
  async function sweep(now = Date.now()): Promise<Record<string, string>> {
    const stale = await payments.listStale(['pending', 'unknown'], new Date(now - STALE_AFTER_MS), 50);
    const outcomes: Record<string, string> = {};
    for (const payment of stale) outcomes[payment.id] = await settleOne(payment, now);
    return outcomes;
  }

  return { sweep };
}
