import { ErrorCode, formatTokens, formatUsd, hundredthsToTokens, refundCentsFor, type AdminPaymentDetail } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminActor, AuditLog } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { ProviderUnreachableError, type PaymentProvider, type RefundResult } from '../../providers/payments';
import type { Ledger, Posted } from '../wallet';
import type { AdminPaymentsRepository } from './admin-payments.repository';
import { PAYMENT_NOT_FOUND, type AdminPaymentsService } from './admin-payments.service';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import { paymentReference } from './reference';

type Kind = 'refund' | 'chargeback';
/** A refund's share of the payment: hundredths of tokens and US cents; `whole` when it is all of it. */
type RefundPart = { tokens: number; cents: number; whole: boolean };
/** What taking the tokens back did: hundredths taken, hundredths the wallet no longer had, and the movement (none when it held nothing). */
type TakenBack = { posted: Posted | null; takenBack: number; shortfall: number };

const tokens = (hundredths: number) => formatTokens(hundredthsToTokens(hundredths));
/** A spend may slip in between reading the balance and taking the tokens (the ledger then refuses): read again. */
const ATTEMPTS = 3;

function notReversible(payment: PaymentRow, kind: Kind): AppError {
  const what = kind === 'refund' ? 'refunded' : 'charged back';
  switch (payment.status) {
    case 'refunding':
      return conflict('A refund of this payment is already under way.');
    case 'refunded':
      return conflict('This payment was already refunded.');
    case 'charged_back':
      return conflict('A chargeback was already recorded for this payment.');
    default:
      return conflict(`Only an approved payment can be ${what}; this one is ${payment.status}.`);
  }
}

/**
 * Refunds and chargebacks (docs/product.md#refunds-and-chargebacks). A refund claims the payment
 * first (approved → refunding, in a short transaction of its own), so a second click or a second
 * administrator is refused with 409 and the card is refunded once; the provider is called outside
 * any transaction; then one transaction takes the tokens back, marks the payment and its invoice and
 * writes the audit row. A chargeback has no provider call: that last transaction alone.
 */
export function createReversalService(deps: ReversalDeps) {
  const { db, payments, ledger, details, events, log } = deps;
  const { settle } = reversalBooks(deps);

  /** approved → refunding, refused (409) when the member no longer holds the tokens to refund. */
  async function claim(id: string, asked: number | undefined): Promise<{ payment: PaymentRow; part: RefundPart }> {
    return db.transaction(async (tx) => {
      const payment = await payments.lock(id, tx);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      if (payment.status !== 'approved') throw notReversible(payment, 'refund');
      if (!payment.providerTransactionId) throw conflict('The provider never named this charge, so it cannot be refunded there.');
      const part = partOf(payment, await ledger.balanceOf(payment.userId, tx), asked);
      await payments.update(id, { status: 'refunding' }, tx);
      return { payment, part };
    });
  }

  /** `tokens` (hundredths): part of the payment; all of it when left out. */
  async function refund(actor: AdminActor, id: string, reason: string, asked?: number): Promise<AdminPaymentDetail> {
    const { payment, part } = await claim(id, asked);
    const result = await refundAtProvider(deps, payment, part);
    let settled: Awaited<ReturnType<typeof settle>>;
    try {
      settled = await settle(actor, id, 'refund', reason, 'refunding', { result, part });
    } catch (error) {
      // The card was refunded but the books were not: the payment stays `refunding` for a person to see.
      log.error({ err: error, paymentId: id, refund: result }, 'refund: the provider refunded but recording it failed');
      throw error;
    }
    if (settled.posted) ledger.announce(settled.posted);
    events.publish('payment.refunded', {
      paymentId: id,
      userId: payment.userId,
      packageName: payment.packageName,
      amountCents: payment.amountCents,
      refundedCents: part.cents,
      refundedTokens: part.tokens,
      whole: part.whole,
    });
    return details.detail(id);
  }

  async function chargeback(actor: AdminActor, id: string, reason: string): Promise<AdminPaymentDetail> {
    const { posted } = await settle(actor, id, 'chargeback', reason, 'approved', null);
    if (posted) ledger.announce(posted);
    return details.detail(id);
  }

  return { refund, chargeback };
}
export type ReversalService = ReturnType<typeof createReversalService>;

type ReversalDeps = {
  db: Db;
  payments: Pick<PaymentsRepository, 'lock' | 'update'>;
  admin: Pick<AdminPaymentsRepository, 'moveStatus' | 'setInvoiceStatus'>;
  ledger: Pick<Ledger, 'refund' | 'adjust' | 'balanceOf' | 'announce'>;
  provider: Pick<PaymentProvider, 'refund'>;
  audit: Pick<AuditLog, 'record'>;
  details: Pick<AdminPaymentsService, 'detail'>;
  events: EventBus;
  log: FastifyBaseLogger;
};
type ProviderRefund = Extract<RefundResult, { transactionId: string }>;

/** The provider refunds (or voids) the charge; the claim is released when it did not. */
async function refundAtProvider({ admin, provider, log }: ReversalDeps, payment: PaymentRow, part: RefundPart): Promise<ProviderRefund> {
  const id = payment.id;
  const release = () => admin.moveStatus(id, 'refunding', 'approved');
  let result: RefundResult;
  try {
    result = await provider.refund({
      transactionId: payment.providerTransactionId!,
      amountCents: part.cents,
      whole: part.whole,
      cardLast4: payment.cardLast4,
      reference: paymentReference(payment.id),
    });
  } catch (error) {
    await release();
    if (error instanceof ProviderUnreachableError) {
      log.warn({ err: error, paymentId: id }, 'refund: the provider did not answer');
      throw new AppError(
        502,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        'The payment provider did not answer, so the refund may or may not have gone through. Check the transaction at the provider before trying again.',
      );
    }
    throw error;
  }
  if (result.outcome === 'refused') {
    await release();
    throw new AppError(502, ErrorCode.PAYMENT_PROVIDER_ERROR, `The payment provider refused the refund: ${result.message}`, {
      providerCode: result.code ?? null,
    });
  }
  return result;
}

/** The reversal's transaction: the tokens taken back, the payment and invoice marked, the audit row written. */
function reversalBooks({ db, payments, admin, ledger, audit }: ReversalDeps) {
  /**
   * The tokens the payment bought leave the wallet. When the wallet holds them all, the purchase's
   * ledger transaction is reversed (ledger.refund: once per transaction). When the member spent some,
   * a wallet never goes below zero: what it holds is taken by an adjustment and the rest is the
   * shortfall, written in the audit row.
   */
  async function takeBack(
    payment: PaymentRow,
    kind: Kind,
    actor: AdminActor,
    memo: string,
    tx: Tx,
    part: RefundPart | null,
  ): Promise<TakenBack> {
    if (!payment.ledgerTransactionId) throw new Error(`approved payment ${payment.id} has no ledger transaction`);
    const held = await ledger.balanceOf(payment.userId, tx);
    const idempotencyKey = `${kind}:${payment.id}`;
    if (part && !part.whole) {
      // A part: those tokens leave by an adjustment. The claim checked she held them; the card is
      // refunded by now, so a spend since then is not refused but recorded, as for a whole payment:
      // what she holds is taken and the rest is the shortfall (a wallet never goes below zero).
      const taken = Math.min(held, part.tokens);
      if (taken === 0) return { posted: null, takenBack: 0, shortfall: part.tokens };
      const posted = await ledger.adjust({ userId: payment.userId, amount: -taken, reason: memo, adminId: actor.id, idempotencyKey }, tx);
      return { posted, takenBack: taken, shortfall: part.tokens - taken };
    }
    if (held >= payment.tokens) {
      const posted = await ledger.refund({ transactionId: payment.ledgerTransactionId, idempotencyKey, memo }, tx);
      return { posted, takenBack: payment.tokens, shortfall: 0 };
    }
    if (held === 0) return { posted: null, takenBack: 0, shortfall: payment.tokens };
    const posted = await ledger.adjust({ userId: payment.userId, amount: -held, reason: memo, adminId: actor.id, idempotencyKey }, tx);
    return { posted, takenBack: held, shortfall: payment.tokens - held };
  }

  /** Runs `work` in a transaction, again when the ledger refused because the wallet changed meanwhile. */
  async function withRetry<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(work);
      } catch (error) {
        if (!(error instanceof AppError && error.status === 402) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** The reversal's last step: tokens, payment, invoice and audit row, all or nothing. */
  async function settle(
    actor: AdminActor,
    id: string,
    kind: Kind,
    reason: string,
    expected: PaymentRow['status'],
    refund: { result: ProviderRefund; part: RefundPart } | null,
  ): Promise<{ posted: Posted | null; payment: PaymentRow }> {
    const status = kind === 'chargeback' ? 'charged_back' : refund?.part.whole ? 'refunded' : 'partially_refunded';
    return withRetry(async (tx) => {
      const payment = await payments.lock(id, tx);
      if (!payment) throw notFound(PAYMENT_NOT_FOUND);
      if (payment.status !== expected) throw notReversible(payment, kind);
      const memo = `${kind === 'refund' ? (refund?.part.whole ? 'Refund' : 'Partial refund') : 'Chargeback'} of ${payment.packageName}: ${reason}`;
      const taken = await takeBack(payment, kind, actor, memo, tx, refund?.part ?? null);
      await payments.update(
        id,
        {
          status,
          ...(refund ? { refundedCents: refund.part.cents, refundedTokens: refund.part.tokens } : {}),
          reversalKind: kind,
          reversalReason: reason,
          reversedAt: new Date(),
          reversedBy: actor.id,
          reversalProviderTransactionId: refund?.result.transactionId ?? null,
          reversalLedgerTransactionId: taken.posted?.transactionId ?? null,
        },
        tx,
      );
      // A part given back leaves the invoice paid: the sale stands, less what was refunded.
      if (status !== 'partially_refunded') await admin.setInvoiceStatus(id, status, tx);
      await audit.record(actor, reversalAuditEntry({ kind, id, status, reason, taken, payment, refund }), tx);
      return { posted: taken.posted, payment };
    });
  }

  return { settle };
}

/** The audit row of a reversal: what was taken back, what was short, and what the provider did. */
function reversalAuditEntry({
  kind,
  id,
  status,
  reason,
  taken,
  payment,
  refund,
}: {
  kind: Kind;
  id: string;
  status: PaymentRow['status'];
  reason: string;
  taken: TakenBack;
  payment: PaymentRow;
  refund: { result: ProviderRefund; part: RefundPart } | null;
}) {
  return {
    action: kind === 'refund' ? 'payment.refund' : 'payment.chargeback',
    target: { type: 'payment', id },
    before: { status: 'approved' },
    after: {
      status,
      reason,
      // Hundredths, as other audit rows keep token amounts (docs/product.md#units).
      taken: taken.takenBack,
      shortfall: taken.shortfall,
      amountCents: payment.amountCents,
      ...(refund
        ? {
            refundedCents: refund.part.cents,
            providerAction: refund.result.outcome === 'voided' ? 'void' : 'refund',
            providerTransactionId: refund.result.transactionId,
          }
        : {}),
    },
  };
}

/** The tokens asked for (all of them when none were named), refused when she does not hold them. */
function partOf(payment: PaymentRow, held: number, asked: number | undefined): RefundPart {
  const wanted = asked ?? payment.tokens;
  if (wanted > payment.tokens) {
    const msg = `This payment bought ${tokens(payment.tokens)} tokens, so a refund is at most that.`;
    throw new AppError(422, ErrorCode.VALIDATION_FAILED, msg, { fields: { tokens: msg } });
  }
  if (held < wanted) {
    const most = Math.min(held, payment.tokens);
    const instead =
      most > 0
        ? `Refund up to ${tokens(most)} tokens (${formatUsd(refundCentsFor(payment, most))}) instead, or record a chargeback if their bank took the money back.`
        : 'If their bank took the money back, record a chargeback instead.';
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      `The member holds only ${tokens(held)} of the ${tokens(payment.tokens)} tokens this payment bought, so ${
        asked === undefined ? 'it cannot be refunded whole' : `${tokens(wanted)} cannot be refunded`
      }. ${instead}`,
      { balance: hundredthsToTokens(held), needed: hundredthsToTokens(wanted) },
    );
  }
  return { tokens: wanted, cents: refundCentsFor(payment, wanted), whole: wanted === payment.tokens };
}
