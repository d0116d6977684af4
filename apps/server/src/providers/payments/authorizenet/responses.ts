import { z } from 'zod';
import type { ChargeResult, TransactionResult } from '../types';
import { dollarsToCents } from './client';

/**
 * The parts of Authorize.Net's answers we read, parsed loosely: the gateway adds fields over time,
 * sends some codes as strings in one call and numbers in another, and a one-element list can arrive
 * as a bare value.
 */
const code = z.union([z.string(), z.number()]).transform(String);
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const transactionResponseSchema = z.looseObject({
  responseCode: code.optional(),
  transId: code.optional(),
  accountNumber: z.string().optional(),
  accountType: z.string().optional(),
  messages: listOf(z.looseObject({ code: code.optional(), description: z.string().optional() })).optional(),
  errors: listOf(z.looseObject({ errorCode: code.optional(), errorText: z.string().optional() })).optional(),
});
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

export const transactionDetailsSchema = z.looseObject({
  transId: code,
  transactionStatus: z.string().optional(),
  responseCode: code.optional(),
  responseReasonDescription: z.string().optional(),
  order: z.looseObject({ invoiceNumber: z.string().optional() }).optional(),
  authAmount: z.union([z.number(), z.string()]).optional(),
  payment: z
    .looseObject({ creditCard: z.looseObject({ cardNumber: z.string().optional(), cardType: z.string().optional() }).optional() })
    .optional(),
});

export const transactionSummaryListSchema = listOf(
  z.looseObject({ transId: code, invoiceNumber: z.string().optional(), submitTimeUTC: z.string().optional() }),
);
export const batchListSchema = listOf(z.looseObject({ batchId: code }));

export const paymentProfileSchema = z.looseObject({
  customerPaymentProfileId: code.optional(),
  payment: z
    .looseObject({
      creditCard: z
        .looseObject({ cardNumber: z.string().optional(), expirationDate: z.string().optional(), cardType: z.string().optional() })
        .optional(),
    })
    .optional(),
});

/** Ids come as "123", 123, ["123"] or { numericString: ["123"] } depending on the call. */
export function idsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(idsOf);
  if (typeof value === 'object' && 'numericString' in value) return idsOf(value.numericString);
  return [];
}

/** "XXXX1111" → "1111". */
export const lastFour = (masked: string | undefined) => masked?.replace(/\D/g, '').slice(-4) || undefined;

/** Response codes: 1 approved, 2 declined, 3 error, 4 held for review. */
export function outcomeOf(responseCode: string | undefined): TransactionResult['outcome'] {
  if (responseCode === '1') return 'approved';
  if (responseCode === '2') return 'declined';
  if (responseCode === '4') return 'held';
  return 'error';
}

/** A createTransactionResponse's transactionResponse as our result. */
export function chargeResultOf(response: TransactionResponse, fallbackMessage: string): ChargeResult {
  const outcome = outcomeOf(response.responseCode);
  const said =
    outcome === 'approved' ? response.messages?.[0]?.description : (response.errors?.[0]?.errorText ?? response.messages?.[0]?.description);
  return {
    outcome,
    transactionId: response.transId && response.transId !== '0' ? response.transId : undefined,
    cardLast4: lastFour(response.accountNumber),
    cardBrand: response.accountType || undefined,
    message: said ?? fallbackMessage,
  };
}

/** Statuses that override the response code: under review is held, voided or expired was never taken. */
const HELD_STATUSES = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview', 'underReview']);
const NOT_TAKEN_STATUSES = new Set(['voided', 'expired', 'generalError', 'communicationError', 'failedReview', 'settlementError']);

export function detailsResultOf(details: z.infer<typeof transactionDetailsSchema>): TransactionResult {
  const status = details.transactionStatus ?? '';
  let outcome = outcomeOf(details.responseCode);
  if (HELD_STATUSES.has(status)) outcome = 'held';
  else if (status === 'declined') outcome = 'declined';
  else if (NOT_TAKEN_STATUSES.has(status)) outcome = 'error';
  return {
    outcome,
    transactionId: details.transId,
    cardLast4: lastFour(details.payment?.creditCard?.cardNumber),
    cardBrand: details.payment?.creditCard?.cardType || undefined,
    message: details.responseReasonDescription ?? status,
    amountCents: dollarsToCents(details.authAmount),
  };
}
