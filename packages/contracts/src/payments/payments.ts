import { z } from 'zod';
import { hasNoNul, idempotencyKeySchema, optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';
import { tokenAmount, usdCents, usdDollars } from '../common/money';

export const paymentProviderSchema = z.enum(['sandbox', 'authorizenet']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/**
 * POST /payment/authorizenet/token — what the browser needs to turn a card into a one-time nonce:
 * the script to load (Accept.js, or our sandbox script with the same calling shape) and the public
 * keys. Never a secret.
 */
export const acceptConfigSchema = z.object({
  provider: paymentProviderSchema,
  scriptUrl: z.string(),
  apiLoginId: z.string(),
  clientKey: z.string(),
});
export type AcceptConfig = z.infer<typeof acceptConfigSchema>;

/** Accept.js's answer: `opaqueData`. */
export const opaqueDataSchema = z.object({
  dataDescriptor: z.string().min(1).max(100),
  dataValue: z.string().min(1).max(8192),
});
export type OpaqueData = z.infer<typeof opaqueDataSchema>;

const cardSourceSchema = z.object({
  kind: z.literal('card'),
  opaqueData: opaqueDataSchema,
  saveCard: z.boolean().default(false),
});
const savedSourceSchema = z.object({ kind: z.literal('saved'), paymentMethodId: z.uuid('Choose a saved card') });
export const paymentSourceSchema = z.discriminatedUnion('kind', [cardSourceSchema, savedSourceSchema]);
export type PaymentSource = z.output<typeof paymentSourceSchema>;

const PAYMENT_SOURCES = ['opaqueData', 'paymentProfileId', 'payment'] as const;

/**
 * POST /payment/transactions/request — the price comes from the package on the server. Three shapes
 * buy (docs/product.md#compatibility):
 *  - `{ packageId, opaqueData, saveCard? }`: a card nonce, the Accept.js convention;
 *  - `{ packageId, paymentProfileId }`: a saved card, by its `_id`;
 *  - `{ packageId, idempotencyKey, payment: { kind: 'card', opaqueData, saveCard? } | { kind: 'saved', paymentMethodId } }`.
 * `idempotencyKey` is optional everywhere (docs/product.md#idempotency): without one a card nonce is
 * charged once (the server keys the purchase by the nonce), a saved card buys anew each time.
 * Parsed into the richer shape, so the server reads `payment` only.
 */
export const purchaseRequestSchema = z
  .object({
    packageId: z.uuid('Choose a package'),
    /** Client-made key, one per purchase attempt: a retry or a double submit charges once. */
    idempotencyKey: idempotencyKeySchema.optional(),
    opaqueData: opaqueDataSchema.optional().meta({ description: 'A card nonce from Accept.js (same as payment.kind card)' }),
    saveCard: z.boolean().optional().meta({ description: 'With opaqueData: keep the card for later purchases' }),
    paymentProfileId: z.uuid('Choose a saved card').optional().meta({ description: 'A saved card’s _id (same as payment.kind saved)' }),
    payment: paymentSourceSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const given = PAYMENT_SOURCES.filter((source) => input[source] !== undefined);
    if (given.length === 0)
      ctx.addIssue({ code: 'custom', path: ['opaqueData'], message: 'Pay with a card (opaqueData) or a saved card (paymentProfileId)' });
    if (given.length > 1) ctx.addIssue({ code: 'custom', path: [given[1]!], message: `Pay one way only: ${given.join(' or ')}` });
  })
  .transform(({ packageId, idempotencyKey, opaqueData, saveCard, paymentProfileId, payment }) => {
    const source: PaymentSource =
      payment ??
      (opaqueData
        ? { kind: 'card', opaqueData, saveCard: saveCard ?? false }
        : { kind: 'saved', paymentMethodId: paymentProfileId as string });
    return { packageId, ...(idempotencyKey === undefined ? {} : { idempotencyKey }), payment: source };
  });
export type PurchaseRequest = z.input<typeof purchaseRequestSchema>;

/**
 * `refunding` while an administrator's refund is at the provider; `partially_refunded` when part of
 * it was given back (docs/product.md#refunds-and-chargebacks); `charged_back` when the card's bank
 * took the money back.
 */
export const paymentStatusSchema = z.enum([
  'pending',
  'approved',
  'declined',
  'error',
  'held',
  'unknown',
  'refunding',
  'refunded',
  'partially_refunded',
  'charged_back',
]);
export const paymentSchema = z.object({
  _id: z.string(),
  status: paymentStatusSchema,
  packageName: z.string(),
  tokens: tokenAmount({ description: 'Tokens bought' }),
  amountCents: usdCents('What the card paid, in US cents'),
  amount: usdDollars('What the card paid, in US dollars'),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  failureMessage: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** What a refund gave back (all of it, or part); null until one. */
  refundedCents: usdCents('Money a refund gave back to the card, in US cents').nullable(),
  refundedTokens: tokenAmount({ description: 'Tokens a refund took back' }).nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * The money a refund of `tokens` of a payment gives back: all of it for all its tokens, otherwise
 * the same share of what was paid, to the nearest cent (docs/product.md#refunds-and-chargebacks).
 */
export const refundCentsFor = (payment: { amountCents: number; tokens: number }, tokens: number): number =>
  tokens >= payment.tokens ? payment.amountCents : Math.round((payment.amountCents * tokens) / payment.tokens);

/** 200 with the balance afterwards; 202 while the provider's fraud filter holds the payment. */
export const purchaseResultSchema = z.object({
  payment: paymentSchema,
  balance: tokenAmount({ description: "The buyer's tokens afterwards" }),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const ADMIN_PAYMENTS_QUERY_MAX = 80;
const adminDate = optionalFilter(
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date (YYYY-MM-DD) or an ISO date-time' }),
);

/**
 * GET /admin/payments filters, each optional: `status`; `q` a member's name, e-mail or username, a
 * provider transaction id or an invoice number ("INV-000012" or "12"); `from` / `to` bound the
 * payment's time (a bare `to` date includes that whole day, as the audit log reads it).
 */
export const adminPaymentsQuerySchema = pageQuerySchema.extend({
  status: optionalFilter(paymentStatusSchema),
  q: optionalFilter(searchTextSchema(ADMIN_PAYMENTS_QUERY_MAX)),
  from: adminDate,
  to: adminDate,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const paymentReversalKindSchema = z.enum(['refund', 'chargeback']);
export type PaymentReversalKind = z.infer<typeof paymentReversalKindSchema>;
/** An administrator's refund or recorded chargeback (docs/product.md#refunds-and-chargebacks); null while there is none. */
export const paymentReversalSchema = z.object({
  kind: paymentReversalKindSchema,
  reason: z.string(),
  at: z.string().nullable(),
  /** The administrator who recorded it; null once their account is gone. */
  by: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The provider's id of the refund (a void keeps the charge's id); null for a chargeback. */
  providerTransactionId: z.string().nullable(),
});
export type PaymentReversal = z.infer<typeof paymentReversalSchema>;

export const adminPaymentSchema = paymentSchema.extend({
  provider: paymentProviderSchema,
  providerTransactionId: z.string().nullable(),
  user: z.object({ _id: z.string(), username: z.string(), name: z.string(), email: z.string() }),
  reversal: paymentReversalSchema.nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const savedCardSchema = z.object({ _id: z.string(), cardLast4: z.string(), cardBrand: z.string(), expiry: z.string() });
export type SavedCard = z.infer<typeof savedCardSchema>;
/** POST /payment/authorizenet/customer-profile — save a card from a nonce. */
export const saveCardSchema = z.object({ opaqueData: opaqueDataSchema });

export const invoiceSchema = z.object({
  _id: z.string(),
  /** "INV-000123" */
  number: z.string(),
  issuedAt: z.string(),
  packageName: z.string(),
  tokens: tokenAmount({ description: 'Tokens bought' }),
  amountCents: usdCents('What was paid, in US cents'),
  amount: usdDollars('What was paid, in US dollars'),
  cardLast4: z.string().nullable(),
  /** The card network of the payment ("Visa"), as its payment shows it; null when unknown. */
  cardBrand: z.string().nullable().optional(),
  status: z.enum(['paid', 'refunded', 'charged_back']),
  buyer: z.object({ name: z.string(), email: z.string() }),
  seller: z.object({ siteName: z.string() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export const invoiceStatusSchema = z.enum(['paid', 'refunded', 'charged_back']);
/** GET /admin/invoices filters: `q` the number ("INV-000012" or "12") or the buyer's name or e-mail, `status`, `from` / `to`. */
export const adminInvoicesQuerySchema = pageQuerySchema.extend({
  status: optionalFilter(invoiceStatusSchema),
  q: optionalFilter(searchTextSchema(ADMIN_PAYMENTS_QUERY_MAX)),
  from: adminDate,
  to: adminDate,
});
export type AdminInvoicesQuery = z.input<typeof adminInvoicesQuerySchema>;

/** GET /admin/payments/{id} — the drawer: the payment, its invoice, and what its member holds now. */
export const adminPaymentDetailSchema = adminPaymentSchema.extend({
  invoice: invoiceSchema.nullable(),
  memberBalance: tokenAmount({ description: "The member's tokens now" }),
  /**
   * What a refund could give back now, before anyone presses the button (issue #28): every token
   * the payment bought while the member holds them all (`whole`), else the tokens she still holds and
   * their share of the money; null when the payment cannot be refunded (not approved).
   */
  refundable: z
    .object({
      tokens: tokenAmount({ description: 'Tokens a refund could take back now' }),
      cents: usdCents('The money that gives back, in US cents'),
      whole: z.boolean(),
    })
    .nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const REVERSAL_REASON_MAX = 500;
/** POST /admin/payments/{id}/refund and /chargeback — the reason, kept on the payment and in the audit log. */
export const reversePaymentSchema = z.object({
  reason: z
    .string({ error: 'Say why' })
    .trim()
    .min(1, 'Say why')
    .max(REVERSAL_REASON_MAX, `A reason is at most ${REVERSAL_REASON_MAX} characters`)
    .refine(hasNoNul, 'A reason cannot contain NUL characters'),
});
export type ReversePaymentInput = z.input<typeof reversePaymentSchema>;

/**
 * POST /admin/payments/{id}/refund — the reason, and optionally `tokens`: a part of what the payment
 * bought (at most what the member holds), refunded for its share of the money. Left out, the whole
 * payment.
 */
export const refundPaymentSchema = reversePaymentSchema.extend({
  tokens: tokenAmount({
    min: 1,
    label: 'The tokens to refund',
    description: 'Part of the payment’s tokens; all of them when left out',
  }).optional(),
});
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

/**
 * What `Accept.dispatchData(secureData, responseHandler)` hands to `responseHandler`, from
 * Authorize.Net's Accept.js or from our sandbox script (same shape).
 */
export type AcceptResponse = {
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
  opaqueData?: OpaqueData;
};
/** `Accept.dispatchData`'s first argument. */
export type AcceptSecureData = {
  authData: { clientKey: string; apiLoginID: string };
  cardData: { cardNumber: string; month: string; year: string; cardCode?: string };
};

/**
 * POST /payment/sandbox/tokenize — called only by the sandbox script (/payment/sandbox/accept.js),
 * standing in for Authorize.Net's tokenization service. Answers `{ data: { opaqueData } }`; card
 * problems answer 422 with the Accept.js error code in `details.acceptCode`.
 */
export const sandboxTokenizeSchema = z.object({
  authData: z.object({ clientKey: z.string().max(200), apiLoginID: z.string().max(200) }),
  cardData: z.object({
    cardNumber: z.string().max(40),
    month: z.string().max(4),
    year: z.string().max(4),
    cardCode: z.string().max(8).optional(),
  }),
});
export const sandboxTokenizeResultSchema = z.object({ opaqueData: opaqueDataSchema });

/** The Luhn check every card number passes; lets forms refuse a typo before asking the provider. */
export function isLuhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network from the number's prefix, the way Authorize.Net names it in `accountType`. */
export function cardBrandOf(cardNumber: string): string {
  const n = cardNumber.replace(/[\s-]/g, '');
  if (/^4/.test(n)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'MasterCard';
  if (/^3[47]/.test(n)) return 'AmericanExpress';
  if (/^(6011|65|64[4-9])/.test(n)) return 'Discover';
  // JCB's ranges include 3088–3094 and friends, inside what would otherwise read as Diners Club.
  if (/^(352[89]|35[3-8]\d|308[89]|309[0-4]|309[6-9]|310[0-2]|311[2-9]|3120|315[89]|333[7-9]|334\d)/.test(n)) return 'JCB';
  if (/^3(0[0-5]|[689])/.test(n)) return 'DinersClub';
  return 'Card';
}

/** Sandbox test cards (docs/product.md#payments). */
export const SANDBOX_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  processingError: '4000000000000119',
} as const;
