import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { hasNoNul, pageQuerySchema } from '../common/envelope';
import { tokenAmount, usdCents, usdDollars } from '../common/money';

/**
 * Payout accounts and requests (docs/product.md#payouts). A model names where money goes (bank
 * transfer or PayPal); a request takes tokens out of the balance at once and waits for an
 * administrator: pending → approved → paid, or pending → rejected (the tokens come back).
 */
export const payoutMethodSchema = z.enum(['bank_transfer', 'paypal']);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`)
    .refine(hasNoNul, `${label} cannot contain NUL characters`);

/**
 * An account number as it is read back (`•••• 1234`, or `****1234` from other clients), spaces
 * removed: mask characters then at most the last four. Sent back, it means "keep the saved number"
 * (docs/product.md#payouts), so a form can post what it read.
 */
const MASKED_ACCOUNT_NUMBER = /^[•*·]+([A-Z0-9]{0,4})$/;
/** The last characters a masked account number shows ('' when it shows none), or null when it is not masked. */
export function maskedAccountNumberTail(normalized: string): string | null {
  return MASKED_ACCOUNT_NUMBER.exec(normalized)?.[1] ?? null;
}

/** An IBAN is told by its start: a country's two letters and two check digits. */
const IBAN_START = /^[A-Z]{2}\d{2}/;
/** A local account number (a US, UK or Indian one, say): digits only, 6 to 20 of them. */
const LOCAL_ACCOUNT_NUMBER = /^\d{6,20}$/;
export const ACCOUNT_NUMBER_MESSAGES = {
  iban: 'That IBAN is not valid: check the country code, the two check digits and the length',
  local: 'Enter an IBAN (like DE89 3704 0044 0532 0130 00) or an account number of 6 to 20 digits',
} as const;

/**
 * IBAN or a local account number, spaces and hyphens ignored; or the masked one read back. An IBAN
 * is checked by ibantools (the country's length and format, and the mod-97 check digits), so a
 * mistyped digit is caught before a payout is sent to it; anything else must be digits: a name
 * ('Luna Star') is not an account number (issue #28).
 */
const accountNumber = text('The account number or IBAN', 50)
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .superRefine((s, ctx) => {
    if (maskedAccountNumberTail(s) !== null) return;
    if (IBAN_START.test(s)) {
      if (!isValidIBAN(s)) ctx.addIssue({ code: 'custom', message: ACCOUNT_NUMBER_MESSAGES.iban });
    } else if (!LOCAL_ACCOUNT_NUMBER.test(s)) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_NUMBER_MESSAGES.local });
    }
  });

/** An optional detail; null (as the account reads back without it) is the same as leaving it out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema.optional());
const address = z.string().trim().max(200).refine(hasNoNul, 'An address cannot contain NUL characters');

export const bankInfoInputSchema = z.object({
  beneficiaryName: text('The account holder'),
  bankName: text('The bank name'),
  iban: accountNumber,
  swift: optional(
    z
      .string()
      .trim()
      .transform((s) => s.replace(/\s+/g, '').toUpperCase())
      // ibantools knows the shape: a bank code of 4 letters, the country's 2 letters, 2 of place, 3 of branch.
      .refine((s) => s === '' || isValidBIC(s), 'A SWIFT/BIC code is 8 or 11 letters and digits, like DEUTDEFF or DEUTDEFF500'),
  ),
  bankAddress: optional(address),
  beneficiaryAddress: optional(address),
});

/**
 * POST /payout-account/ — `{type: 'paypal', email}` or `{type: 'bank_transfer', bankInfo: {…}}`.
 * `bank` is accepted for `bank_transfer`, and `method` for `type`; the xChat client's
 * `{type: 'bank', bankInfo: {bankName, bankAddress, iban, swift, beneficiaryName, beneficiaryAddress}}`
 * is this shape already. A masked `iban` keeps the saved number.
 */
export const payoutAccountInputSchema = z
  .object({
    type: z.string().optional(),
    method: z.string().optional(),
    email: z.string().trim().optional(),
    bankInfo: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const raw = (input.type ?? input.method ?? '').trim().toLowerCase();
    const method = raw === 'bank' || raw === 'bank_transfer' ? 'bank_transfer' : raw === 'paypal' ? 'paypal' : null;
    if (!method) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'Choose bank transfer or PayPal' });
      return z.NEVER;
    }
    if (method === 'paypal') {
      const email = z
        .email('Give the e-mail address of your PayPal account')
        .max(254)
        .safeParse(input.email ?? '');
      if (!email.success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give the e-mail address of your PayPal account' });
        return z.NEVER;
      }
      return { method, email: email.data.toLowerCase(), bankInfo: null };
    }
    const bank = bankInfoInputSchema.safeParse(input.bankInfo ?? {});
    if (!bank.success) {
      for (const issue of bank.error.issues)
        ctx.addIssue({ code: 'custom', path: ['bankInfo', ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    return { method, email: null, bankInfo: bank.data };
  });
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;

/**
 * A payout account read back to its owner: everything but the account number, which shows its last
 * four — sent back as it is, it keeps the saved number (docs/product.md#payouts).
 */
export const payoutAccountSchema = z.object({
  _id: z.string(),
  type: payoutMethodSchema,
  /** PayPal: the address in full to its owner, so she can check it; masked (`j•••@example.com`) on a request's snapshot; null for a bank. */
  email: z.string().nullable(),
  /** Bank transfer: holder, bank and addresses in full, the account number as its last four (`•••• 1234`). */
  bankInfo: z
    .object({
      beneficiaryName: z.string(),
      bankName: z.string(),
      iban: z.string(),
      swift: z.string().nullable(),
      /** Sent on the account itself (GET/POST /payout-account/), not on a request's snapshot. */
      bankAddress: z.string().nullable().optional(),
      beneficiaryAddress: z.string().nullable().optional(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutStatusSchema = z.enum(['pending', 'approved', 'paid', 'rejected']);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** The smallest payout when an administrator has not set `minPayoutTokens` (hundredths). */
export const MIN_PAYOUT_DEFAULT = 10_000;

/**
 * The money a payout of `hundredths` tokens pays at `rateCents` a token, in whole US cents, rounded
 * down: the site never promises a fraction of a cent it cannot send (docs/product.md#payouts).
 */
export const payoutCents = (hundredths: number, rateCents: number): number => Math.floor((hundredths * rateCents) / 100);

export const payoutRequestSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  model: z.object({ _id: z.string(), username: z.string(), name: z.string(), email: z.string().optional() }).nullable(),
  /** Tokens requested (they left the balance when the request was made). */
  token: tokenAmount({ description: 'Tokens requested' }),
  status: payoutStatusSchema,
  /** Where the money goes, as it was when the request was made (masked). */
  payoutAccount: payoutAccountSchema.omit({ _id: true, updatedAt: true }),
  /**
   * Administrators only: where to send the money, in full (they pay from it). Never in a model's
   * own answers, which show `payoutAccount` masked.
   */
  payTo: z
    .object({
      type: payoutMethodSchema,
      email: z.string().nullable(),
      bankInfo: z
        .object({
          beneficiaryName: z.string(),
          bankName: z.string(),
          iban: z.string(),
          swift: z.string().nullable(),
          bankAddress: z.string().nullable(),
          beneficiaryAddress: z.string().nullable(),
        })
        .nullable(),
    })
    .optional(),
  /**
   * The money this request pays, at the payout rate of the moment it was made (it never changes
   * afterwards); null on requests made before the site had a payout rate.
   */
  amountCents: usdCents('What the request pays the model, in US cents').nullable(),
  amount: usdDollars('The same money in US dollars').nullable(),
  /** US cents a token paid when the request was made; null as `amountCents`. */
  payoutRateCents: usdCents('US cents one token paid when the request was made').nullable(),
  /** The bank's or PayPal's reference an administrator recorded on marking it paid; '' until then or without one. */
  reference: z.string(),
  /** The administrator's note on the last decision (a rejection's reason). */
  note: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/**
 * POST /payout-request — `token` (tokens), `verifyCode` from POST /users/otp/ (10 minutes, 5 tries,
 * single use), and optionally `email`, which must then be the account's own address.
 */
export const payoutRequestInputSchema = z.object({
  token: tokenAmount({ min: 1, label: 'The amount', description: 'Tokens to pay out' }),
  verifyCode: z
    .string({ error: 'Enter the code we e-mailed you' })
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits we e-mailed you'),
  email: z.string().trim().max(254).optional(),
});
export type PayoutRequestInput = z.input<typeof payoutRequestInputSchema>;

/** Administrators' lists: by status, newest first. */
export const payoutRequestsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), payoutStatusSchema.optional()),
});

const decisionNote = z
  .string()
  .trim()
  .max(500, 'A note is at most 500 characters')
  .refine(hasNoNul, 'A note cannot contain NUL characters')
  .optional();

/**
 * Approve or reject, with an optional note (a rejection's reason reaches the model). No body at all
 * (which reaches the server as null) means no note.
 */
export const payoutDecisionSchema = z.preprocess((body) => body ?? {}, z.object({ note: decisionNote }));

/**
 * Mark paid: the note, and the reference of the transfer (the bank's or PayPal's transaction id),
 * which the model reads beside the payment so she can find it in her statement. Optional, as the
 * spec's clients send none; our console asks for it.
 */
export const payoutPaidSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    note: decisionNote,
    reference: z
      .string()
      .trim()
      .max(120, 'A reference is at most 120 characters')
      .refine(hasNoNul, 'A reference cannot contain NUL characters')
      .optional(),
  }),
);

export const PayoutErrorCode = {
  /** No payout account yet. */
  NO_PAYOUT_ACCOUNT: 'NO_PAYOUT_ACCOUNT',
  /** Below `minPayoutTokens`. */
  BELOW_MINIMUM: 'BELOW_MINIMUM',
  /** The request is not in the status this decision needs (already decided by someone else). */
  PAYOUT_ALREADY_DECIDED: 'PAYOUT_ALREADY_DECIDED',
} as const;
