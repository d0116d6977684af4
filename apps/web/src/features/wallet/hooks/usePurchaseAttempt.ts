import { useRef, useState } from 'react';
import { ErrorCode, type AcceptConfig, type Payment } from '@cc/contracts';
import { errorMessage, toApiError, type ApiError } from '../../../shared/api/apiError';
import { usePurchaseMutation, type PurchaseBody } from '../api/walletApi';
import { CardTokenError, tokenizeCard } from '../lib/accept';
import { parseExpiry, digitsOf, type CardInput } from '../lib/card';

export type PayChoice = { kind: 'saved'; paymentMethodId: string } | { kind: 'card'; card: CardInput; saveCard: boolean };

export type PayOutcome =
  /** `balance` in tokens, as the answer carries it. */
  | { kind: 'approved'; payment: Payment; balance: number }
  /** Accepted but not final (held for review, still processing): no tokens yet. */
  | { kind: 'review'; payment: Payment }
  /** Refused for good (declined card, provider error, bad card): a new press is a new attempt. */
  | { kind: 'refused'; message: string }
  /** The answer never came or said "still working": pressing Pay again resends the same attempt. */
  | { kind: 'retry'; message: string };

type Attempt = { signature: string; request: PurchaseBody };

const NETWORK_MESSAGE =
  'The connection dropped before the payment finished. Press “Try again” — it is safe: the same payment is checked, never charged twice.';
const PENDING_MESSAGE = 'This payment is still being processed. Wait a moment, then press “Try again” to see how it ended.';
const SCRIPT_MESSAGE = 'The secure card form could not load. Check your connection and try again.';

/** Errors after which the server may or may not have charged: the same key must be sent again. */
function mustRetrySameAttempt(error: ApiError): boolean {
  if (error.status === 0 || error.status === 408 || error.status === 409 || error.status === 429) return true;
  return error.status >= 500 && error.code !== ErrorCode.PAYMENT_PROVIDER_ERROR;
}

function retryMessage(error: ApiError): string {
  if (error.status === 0) return NETWORK_MESSAGE;
  if (error.code === ErrorCode.PAYMENT_PENDING) return error.msg ?? PENDING_MESSAGE;
  return `${errorMessage(error)} Press “Try again” — the same payment is checked, never charged twice.`;
}

/** What makes two presses "the same attempt": the package and the exact payment choice. */
function signatureOf(packageId: string, choice: PayChoice): string {
  if (choice.kind === 'saved') return `${packageId}|saved|${choice.paymentMethodId}`;
  const { card, saveCard } = choice;
  return `${packageId}|card|${digitsOf(card.cardNumber)}|${card.expiry}|${card.cvc}|${card.name.trim()}|${saveCard}`;
}

/**
 * One purchase attempt = one idempotency key (crypto.randomUUID()). A retry of the same attempt
 * (after a lost connection or "still processing") resends the very same request — same key, same
 * card nonce — so the server charges at most once. A decline ends the attempt: the next press, or
 * a different card, starts a new one with a new key. Presses while a request runs are ignored.
 */
export function usePurchaseAttempt(packageId: string, getConfig: () => Promise<AcceptConfig | null>) {
  const [purchase] = usePurchaseMutation();
  const attempt = useRef<Attempt | null>(null);
  const running = useRef(false);
  const [paying, setPaying] = useState(false);
  const [pendingRetry, setPendingRetry] = useState(false);

  const buildRequest = async (choice: PayChoice): Promise<PurchaseBody | PayOutcome> => {
    const idempotencyKey = crypto.randomUUID();
    if (choice.kind === 'saved') return { packageId, idempotencyKey, payment: { kind: 'saved', paymentMethodId: choice.paymentMethodId } };
    const expiry = parseExpiry(choice.card.expiry);
    const config = await getConfig();
    if (!expiry || !config) return { kind: 'refused', message: SCRIPT_MESSAGE };
    try {
      const opaqueData = await tokenizeCard(config, { cardNumber: digitsOf(choice.card.cardNumber), expiry, cvc: choice.card.cvc.trim() });
      return { packageId, idempotencyKey, payment: { kind: 'card', opaqueData, saveCard: choice.saveCard } };
    } catch (error) {
      return { kind: 'refused', message: error instanceof CardTokenError ? error.message : SCRIPT_MESSAGE };
    }
  };

  const send = async (choice: PayChoice): Promise<PayOutcome> => {
    const signature = signatureOf(packageId, choice);
    if (attempt.current?.signature !== signature) {
      attempt.current = null;
      const built = await buildRequest(choice);
      if ('kind' in built) return built;
      attempt.current = { signature, request: built };
    }
    const answer = await purchase(attempt.current.request);
    if ('error' in answer) {
      const error = toApiError(answer.error);
      if (mustRetrySameAttempt(error)) return { kind: 'retry', message: retryMessage(error) };
      attempt.current = null;
      return { kind: 'refused', message: errorMessage(error) };
    }
    attempt.current = null;
    const { payment, balance } = answer.data;
    if (payment.status === 'approved') return { kind: 'approved', payment, balance };
    if (payment.status === 'declined' || payment.status === 'error') {
      return { kind: 'refused', message: payment.failureMessage ?? 'The payment did not go through. Try another card.' };
    }
    return { kind: 'review', payment };
  };

  const pay = async (choice: PayChoice): Promise<PayOutcome | null> => {
    if (running.current) return null;
    running.current = true;
    setPaying(true);
    try {
      const outcome = await send(choice);
      setPendingRetry(outcome.kind === 'retry');
      return outcome;
    } finally {
      running.current = false;
      setPaying(false);
    }
  };

  return { pay, paying, pendingRetry };
}
