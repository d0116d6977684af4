import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode, formatTokens, hundredthsToTokens, type PurchaseResult, type purchaseRequestSchema } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../platform/auth';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { ChargeResult, ChargeSource, PaymentProvider } from '../../providers/payments';
import type { Ledger } from '../wallet';
import type { CardsRepository } from './cards.repository';
import type { PackagesService } from './packages.service';
import { isNonceRefusalNote, nonceRefusalNote, nonceRefused, reasonOf } from './payment-errors';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import { toPaymentDto } from './payments.presenter';
import { customerReference, paymentReference } from './reference';
import type { SavedCardsService } from './saved-cards.service';
import type { Settlement } from './settlement';

type PurchaseInput = z.output<typeof purchaseRequestSchema>;
/** 200 for a settled purchase, 202 while the provider's fraud filter holds it. */
export type PurchaseAnswer = { status: 200 | 202; result: PurchaseResult };
/** When the card came from a saved profile, its masked details fill in what the provider leaves out. */
type Shown = { cardLast4?: string; cardBrand?: string };

const declined = (reason: string | null) =>
  new AppError(402, ErrorCode.CARD_DECLINED, `Your card was declined: ${reason ?? 'no reason was given.'}`, { reason });
const providerError = (reason: string | null) =>
  new AppError(
    502,
    ErrorCode.PAYMENT_PROVIDER_ERROR,
    `The payment could not be processed: ${reason ?? 'the provider reported an error.'} You have not been charged.`,
    {
      reason,
    },
  );
const unconfirmed = () =>
  new AppError(
    502,
    ErrorCode.PAYMENT_PROVIDER_ERROR,
    'We could not confirm the payment; you have not been charged twice — check your payment history shortly',
  );

/**
 * Buying a token package (docs/product.md#payments), in the order that keeps a card from being
 * charged twice and tokens from being credited twice:
 *  1. the payment row is written first, keyed by the purchase key (see `purchaseKey`), with the
 *     price and tokens taken from the package — a repeat of the key answers from that row and never
 *     reaches the provider again;
 *  2. the provider is called outside any database transaction;
 *  3. an approval credits tokens, marks the payment and writes the invoice in one transaction;
 *  4. a lost answer (timeout) is never retried blindly: the payment becomes `unknown` and is looked
 *     up at the provider, now and on every retry, until a lookup or a webhook settles it.
 */
export function createPurchaseService(deps: PurchaseDeps) {
  const { payments, provider, settlement, log } = deps;
  const { applyVerdict, reconcile, answerExisting } = paymentVerdicts(deps);

  async function purchase(user: UserRow, input: PurchaseInput): Promise<PurchaseAnswer> {
    const idempotencyKey = purchaseKey(input);
    const existing = await payments.findByKey(user.id, idempotencyKey);
    if (existing) return answerExisting(existing, input.packageId);

    const pkg = await deps.packages.findBuyable(input.packageId);
    // Resolved before anything is written, so a saved card that is not theirs leaves no payment behind.
    const { source, shown } = await chargeSourceFor(deps, user, input.payment);
    const payment = await payments.insertPending({
      userId: user.id,
      packageId: pkg.id,
      provider: provider.name,
      idempotencyKey,
      amountCents: pkg.priceCents,
      tokens: pkg.tokens,
      packageName: pkg.name,
    });
    // Lost a race with a twin request carrying the same key: answer what that one is doing.
    if (!payment) return answerExisting((await payments.findByKey(user.id, idempotencyKey))!, input.packageId);

    let result: ChargeResult;
    try {
      result = await provider.charge({
        amountCents: payment.amountCents,
        reference: paymentReference(payment.id),
        description: `${payment.packageName}: ${formatTokens(hundredthsToTokens(payment.tokens))} tokens`,
        source,
      });
    } catch (error) {
      // Whatever went wrong, the charge may exist: never charge again, look it up instead.
      log.warn({ err: error, paymentId: payment.id }, 'card charge outcome unknown; reconciling');
      return reconcile(await settlement.close(payment.id, 'unknown', {}));
    }
    return applyVerdict(
      payment,
      { ...result, cardLast4: result.cardLast4 ?? shown.cardLast4, cardBrand: result.cardBrand ?? shown.cardBrand },
      user.id,
    );
  }

  return { purchase };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;

type PurchaseDeps = {
  payments: PaymentsRepository;
  cards: CardsRepository;
  provider: PaymentProvider;
  packages: PackagesService;
  settlement: Settlement;
  savedCards: SavedCardsService;
  ledger: Pick<Ledger, 'balanceOf'>;
  log: FastifyBaseLogger;
};

/** A new card's nonce, or a saved card of this member's (anyone else's answers as unavailable). */
async function chargeSourceFor(
  { cards, provider }: PurchaseDeps,
  user: UserRow,
  payment: PurchaseInput['payment'],
): Promise<{ source: ChargeSource; shown: Shown }> {
  const customerProfileId = await cards.findCustomerProfileId(user.id, provider.name);
  if (payment.kind === 'card') {
    const saveCard = payment.saveCard
      ? { customer: { merchantCustomerId: customerReference(user.id), email: user.email }, customerProfileId }
      : undefined;
    return { source: { kind: 'nonce', opaqueData: payment.opaqueData, ...(saveCard ? { saveCard } : {}) }, shown: {} };
  }
  const method = await cards.findMethod({ id: payment.paymentMethodId, userId: user.id, provider: provider.name });
  if (!method || !customerProfileId) throw notFound('That saved card is not available. Please choose another card.');
  return {
    source: { kind: 'profile', customerProfileId, paymentProfileId: method.paymentProfileId },
    shown: { cardLast4: method.cardLast4, cardBrand: method.cardBrand },
  };
}

/** The provider's verdicts, a lost outcome looked up, and a repeated key answered from its row. */
function paymentVerdicts(deps: PurchaseDeps) {
  const { payments, provider, settlement, log } = deps;

  /** The provider's verdict, recorded; approval credits. Refusals throw the error the member sees. */
  async function applyVerdict(payment: PaymentRow, result: ChargeResult, userId: string): Promise<PurchaseAnswer> {
    const card = { transactionId: result.transactionId, cardLast4: result.cardLast4, cardBrand: result.cardBrand };
    switch (result.outcome) {
      case 'approved': {
        const approved = await settlement.approve(payment.id, card);
        if (result.savedProfile)
          await deps.savedCards.remember(userId, result.savedProfile).catch((err: unknown) => log.warn({ err }, 'saved card not recorded'));
        return answer(approved, 200);
      }
      case 'held':
        // Approved by the bank but held by the merchant's fraud filter: credited when it is released.
        // A webhook may have settled it meanwhile, so the answer follows the row, not the verdict.
        return answerExisting(await settlement.close(payment.id, 'held', card), payment.packageId);
      case 'declined':
        await settlement.close(payment.id, 'declined', { ...card, failureMessage: result.message });
        throw declined(result.message);
      case 'refused':
        // The member's card details were refused, not the provider failing: a declined payment
        // (nothing was charged) and a 422 asking for the card again (docs/product.md#card-payments).
        await settlement.close(payment.id, 'declined', { ...card, failureMessage: nonceRefusalNote(result.message) });
        throw nonceRefused(result.message);
      case 'error':
        await settlement.close(payment.id, 'error', { ...card, failureMessage: result.message });
        throw providerError(result.message);
    }
  }

  /** A payment whose outcome we lost: ask the provider once; if it cannot tell, say so honestly. */
  async function reconcile(payment: PaymentRow): Promise<PurchaseAnswer> {
    let found: ChargeResult | null;
    try {
      found = await provider.findTransaction({ reference: paymentReference(payment.id), since: payment.createdAt });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'reconciliation lookup failed');
      throw unconfirmed();
    }
    if (!found) throw unconfirmed();
    if (found.amountCents !== undefined && found.amountCents !== payment.amountCents) {
      log.error(
        { paymentId: payment.id, found: found.amountCents, expected: payment.amountCents },
        'provider transaction amount differs; needs a person',
      );
      throw unconfirmed();
    }
    return applyVerdict(payment, found, payment.userId);
  }

  /** A repeat of an idempotency key: the first request's result, never a second charge. */
  async function answerExisting(payment: PaymentRow, packageId: string): Promise<PurchaseAnswer> {
    const outcome = repeatedOutcome(payment, packageId);
    return outcome === 'reconcile' ? reconcile(payment) : answer(payment, outcome);
  }

  async function answer(payment: PaymentRow, status: 200 | 202): Promise<PurchaseAnswer> {
    const listed = await payments.withInvoice(payment);
    return { status, result: { payment: toPaymentDto(listed), balance: await deps.ledger.balanceOf(payment.userId) } };
  }

  return { applyVerdict, reconcile, answerExisting };
}

/**
 * What a repeated key's row answers: its HTTP status, or 'reconcile' when its outcome was lost.
 * A refusal throws as the first request's did.
 */
function repeatedOutcome(payment: PaymentRow, packageId: string): 200 | 202 | 'reconcile' {
  if (payment.packageId !== packageId)
    throw conflict('This purchase key was already used for another package. Please start a new purchase.');
  switch (payment.status) {
    case 'approved':
    case 'refunding':
    case 'refunded':
    case 'partially_refunded':
    case 'charged_back':
      return 200;
    case 'held':
      return 202;
    case 'pending':
      throw conflict('This purchase is already being processed', ErrorCode.PAYMENT_PENDING);
    case 'declined':
      if (isNonceRefusalNote(payment.failureMessage)) throw nonceRefused(reasonOf(payment.failureMessage));
      throw declined(payment.failureMessage);
    case 'error':
      throw providerError(payment.failureMessage);
    case 'unknown':
      return 'reconcile';
  }
}

/**
 * The key a purchase is recorded under, scoped to the member by the payments table
 * (docs/product.md#idempotency): the client's key when it sent one; without one, a card nonce keys
 * its own purchase (a nonce is single-use, so sending it twice is one purchase, charged once); a
 * saved card without a key is a new purchase each time.
 */
export function purchaseKey(input: PurchaseInput): string {
  if (input.idempotencyKey !== undefined) return input.idempotencyKey;
  if (input.payment.kind === 'card') return `nonce:${createHash('sha256').update(input.payment.opaqueData.dataValue).digest('hex')}`;
  return randomUUID();
}
