import { formatTokens, hundredthsToTokens } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import type { Ledger } from '../wallet';
import type { InvoicesRepository } from './invoices.repository';
import { OPEN_STATUSES, type PaymentRow, type PaymentsRepository, type PaymentStatus } from './payments.repository';

/** What the provider told us about the card and the transaction. */
export type ChargedCard = { transactionId?: string | undefined; cardLast4?: string | undefined; cardBrand?: string | undefined };
export type Settled = { payment: PaymentRow; userIds: string[] };

/**
 * The one place a payment becomes money. The purchase request, a webhook and a reconciliation may
 * all learn of the same approval, in any order and at the same moment; each runs `approveIn`, which
 * locks the payment row, so exactly one of them credits the tokens, writes the invoice and marks the
 * payment approved — all in one transaction — and the others find it already approved.
 */
export function createSettlement({
  db,
  payments,
  invoices,
  ledger,
  events,
  log,
}: {
  db: Db;
  payments: PaymentsRepository;
  invoices: InvoicesRepository;
  ledger: Pick<Ledger, 'creditCardPurchase' | 'announce'>;
  events: Pick<EventBus, 'publish'>;
  log: FastifyBaseLogger;
}) {
  async function approveIn(tx: Tx, paymentId: string, charged: ChargedCard): Promise<Settled> {
    const payment = await payments.lock(paymentId, tx);
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (!OPEN_STATUSES.includes(payment.status)) {
      // Approved already (by whoever came first), or refused earlier: nothing to credit now.
      if (payment.status !== 'approved')
        log.error({ paymentId, status: payment.status }, 'provider approved a payment we had closed; needs a person');
      return { payment, userIds: [] };
    }
    const cardLast4 = charged.cardLast4 ?? payment.cardLast4;
    const providerTransactionId = charged.transactionId ?? payment.providerTransactionId;
    const posted = await ledger.creditCardPurchase(cardPurchaseCredit(payment, providerTransactionId), tx);
    const approved = await payments.update(
      payment.id,
      {
        status: 'approved',
        providerTransactionId,
        cardLast4,
        cardBrand: charged.cardBrand ?? payment.cardBrand,
        failureMessage: null,
        ledgerTransactionId: posted.transactionId,
      },
      tx,
    );
    await invoices.insertForPayment(invoiceOf(payment, cardLast4), tx);
    return { payment: approved!, userIds: posted.userIds };
  }

  /**
   * After the commit of an `approveIn`: the new balance to the member's tabs and, when this path is
   * the one that credited, `payment.approved` (once per payment, whichever path settled it).
   */
  function announce(settled: Settled) {
    ledger.announce(settled.userIds);
    if (settled.userIds.length === 0) return;
    const { payment } = settled;
    events.publish('payment.approved', {
      paymentId: payment.id,
      userId: payment.userId,
      tokens: payment.tokens,
      packageName: payment.packageName,
    });
  }

  /** Approves in a transaction of its own, then announces it. */
  async function approve(paymentId: string, charged: ChargedCard): Promise<PaymentRow> {
    const settled = await db.transaction((tx) => approveIn(tx, paymentId, charged));
    announce(settled);
    return settled.payment;
  }

  /**
   * Records a verdict that moves no money (declined, error, held, unknown) on a payment still open.
   * A payment already settled keeps its state and is returned as it is.
   */
  async function close(
    paymentId: string,
    status: Exclude<PaymentStatus, 'approved' | 'pending' | 'refunded'>,
    detail: ChargedCard & { failureMessage?: string | null },
    tx: Db | Tx = db,
  ): Promise<PaymentRow> {
    const patch = verdictPatch(status, detail);
    return (await payments.updateIfOpen(paymentId, patch, tx)) ?? (await payments.findById(paymentId, tx))!;
  }

  return { approve, approveIn, announce, close };
}
export type Settlement = ReturnType<typeof createSettlement>;

/** The ledger credit of an approved payment. */
function cardPurchaseCredit(payment: PaymentRow, providerTransactionId: string | null) {
  return {
    userId: payment.userId,
    amount: payment.tokens,
    // One credit per payment, whatever path settles it.
    idempotencyKey: `payment:${payment.id}`,
    memo: `Bought ${payment.packageName} (${formatTokens(hundredthsToTokens(payment.tokens))} tokens)`,
    metadata: { paymentId: payment.id, provider: payment.provider, providerTransactionId },
  };
}

/** The invoice of an approved payment. */
function invoiceOf(payment: PaymentRow, cardLast4: string | null) {
  return {
    userId: payment.userId,
    paymentId: payment.id,
    packageName: payment.packageName,
    tokens: payment.tokens,
    amountCents: payment.amountCents,
    cardLast4,
  };
}

/** A verdict's patch: the status, and only the details the provider gave. */
function verdictPatch(status: PaymentStatus, detail: ChargedCard & { failureMessage?: string | null }) {
  return {
    status,
    ...(detail.transactionId ? { providerTransactionId: detail.transactionId } : {}),
    ...(detail.cardLast4 ? { cardLast4: detail.cardLast4 } : {}),
    ...(detail.cardBrand ? { cardBrand: detail.cardBrand } : {}),
    ...(detail.failureMessage !== undefined ? { failureMessage: detail.failureMessage } : {}),
  };
}
