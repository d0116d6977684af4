import { z } from 'zod';
import { idempotencyKeySchema, pageQuerySchema } from '../common/envelope';
import { signedTokenAmount, tokenAmount } from '../common/money';

/** Amounts are tokens on the wire and integer hundredths inside (docs/product.md#units). */

/** What moved tokens: a ledger transaction's kind (the database keeps it as plain text, db/schema/wallet.ts). */
export const LEDGER_KINDS = [
  'card_purchase',
  'message',
  'item',
  'tip',
  'call',
  'payout',
  'payout_refund',
  'payout_paid',
  'adjustment',
  'refund',
  /** Tokens the site gives a new member at sign-up (docs/product.md#welcome-tokens). */
  'signup_bonus',
] as const;
export const ledgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** One line of a member's statement: what moved in or out of their wallet. */
export const walletEntrySchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  kind: ledgerKindSchema,
  amount: signedTokenAmount({ description: 'Tokens, signed: positive came in, negative went out' }),
  memo: z.string(),
  /** A tip's note, as the tipper wrote it (plain text); null on every other line. */
  note: z.string().nullable().optional().meta({ description: "A tip's note as the tipper wrote it (plain text), else null" }),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletSchema = z.object({ balance: tokenAmount({ description: 'Tokens the member holds' }) });

/** An adjustment moves at most 1,000,000.00 tokens either way (hundredths). */
export const ADJUST_MAX = 100_000_000;

/** POST /admin/users/:id/adjust-balance — written to the ledger with the administrator and reason. */
export const adjustBalanceSchema = z.object({
  amount: signedTokenAmount({
    min: -ADJUST_MAX,
    max: ADJUST_MAX,
    label: 'Amount',
    description: 'Tokens to add (positive) or remove (negative)',
  }).refine((n) => n !== 0, 'Amount cannot be zero'),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'Reason must be at most 500 characters'),
  /** Client-made key so a doubled click adjusts once. */
  idempotencyKey: idempotencyKeySchema,
});
export type AdjustBalanceInput = z.input<typeof adjustBalanceSchema>;

export const earningSourceSchema = z.enum(['message', 'item', 'tip', 'call']);
/** One sale; a refund adds a row with every amount negative, so the rows always sum to what was earned. */
export const earningSchema = z.object({
  _id: z.string(),
  source: earningSourceSchema,
  gross: signedTokenAmount({ description: 'Tokens the payer paid (negative on a refund row)' }),
  commission: signedTokenAmount({ description: 'Tokens the site kept (negative on a refund row)' }),
  net: signedTokenAmount({ description: 'Tokens the model earned (negative on a refund row)' }),
  payer: z.object({ _id: z.string(), username: z.string(), name: z.string() }).nullable(),
  /** A tip's note, as the tipper wrote it (plain text); null on every other row. */
  note: z.string().nullable().optional().meta({ description: "A tip's note as the tipper wrote it (plain text), else null" }),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;

/** What a model earned in total over every row (refund reversals are negative rows, so they net out). */
export const earningTotalsSchema = z.object({
  gross: signedTokenAmount({ description: 'Tokens paid in total' }),
  commission: signedTokenAmount({ description: 'Tokens the site kept in total' }),
  net: signedTokenAmount({ description: 'Tokens earned in total' }),
});
export type EarningTotals = z.infer<typeof earningTotalsSchema>;

/** How earnings are grouped over time on GET /earning (`period`): UTC days, ISO weeks or months. */
export const earningPeriodSchema = z.enum(['day', 'week', 'month']);
export type EarningPeriod = z.infer<typeof earningPeriodSchema>;
/** How many periods `byPeriod` covers, ending with the current one. */
export const EARNING_PERIODS_SHOWN: Record<EarningPeriod, number> = { day: 30, week: 12, month: 12 };

/** GET /earning — paging, an optional source filter for the rows, and the grouping of `byPeriod`. */
export const earningQuerySchema = pageQuerySchema.extend({
  source: z.preprocess((v) => (v === '' ? undefined : v), earningSourceSchema.optional()),
  period: z.preprocess((v) => (v === '' ? undefined : v), earningPeriodSchema.default('day')),
});

/** One period's earnings: `start` is the period's first day (YYYY-MM-DD, UTC); periods without sales are 0. */
export const earningPeriodTotalsSchema = earningTotalsSchema.extend({
  start: z.string(),
  count: z.number().int().nonnegative(),
});

/**
 * GET /earning — a page of the model's earnings, the total count, the totals of all of them, the
 * totals by source (messages, tips, items, calls) and by period (the last `EARNING_PERIODS_SHOWN`).
 * A member who is not a model gets the same shape, empty.
 * The totals ignore the `source` filter, which only narrows `items` and `count`.
 */
export const earningListSchema = z.object({
  items: z.array(earningSchema),
  count: z.number().int().nonnegative(),
  totals: earningTotalsSchema,
  /** `totals.net` again, under the name the xChat client reads; always sent (optional for older fixtures). */
  totalEarnings: signedTokenAmount({ description: 'Tokens earned in total (the same as totals.net)' }).optional(),
  bySource: z.object({
    message: earningTotalsSchema,
    tip: earningTotalsSchema,
    item: earningTotalsSchema,
    call: earningTotalsSchema,
  }),
  byPeriod: z.array(earningPeriodTotalsSchema),
});
export type EarningList = z.infer<typeof earningListSchema>;

/** Tips: at least 1.00 token, at most 1,000,000.00 tokens (hundredths inside). */
export const TIP_MIN = 100;
export const TIP_MAX = 100_000_000;
export const TIP_NOTE_MAX = 500;

/** A tip's amount: tokens on the wire, 1.00 to 1,000,000.00. */
export const tipAmountSchema = tokenAmount({ min: TIP_MIN, max: TIP_MAX, label: 'A tip', description: 'Tokens to give' });

/**
 * POST /share-love/create — a member gives tokens to a model; the site keeps its commission.
 * Compatibility: the amount is `token` (the spec's name for amounts) or `amount`; `idempotencyKey`
 * is optional (without one, every request is a new tip).
 */
export const shareLoveSchema = z
  .object({
    modelId: z.uuid('Choose a model to tip'),
    token: tipAmountSchema.optional(),
    amount: tipAmountSchema.optional().meta({ description: 'Tokens to give (same as token)' }),
    note: z.string().trim().max(TIP_NOTE_MAX, `A note is at most ${TIP_NOTE_MAX} characters`).optional(),
    /** Client-made key, one per tip attempt: a retry or a double click tips once. */
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.token === undefined && input.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'Say how many tokens to give' });
  })
  .transform(({ token, amount, ...rest }) => ({ ...rest, amount: (token ?? amount) as number }));
export type ShareLoveInput = z.input<typeof shareLoveSchema>;

/** The tip's ledger transaction and the tipper's balance afterwards. */
export const shareLoveResultSchema = z.object({
  transactionId: z.string(),
  balance: tokenAmount({ description: "The tipper's tokens afterwards" }),
});
export type ShareLoveResult = z.infer<typeof shareLoveResultSchema>;

/** GET /admin/ledger/check — empty lists mean every transaction balances and every cached balance is right. */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  unbalancedTransactions: z.array(
    z.object({ transactionId: z.string(), sum: signedTokenAmount({ description: 'Tokens the entries sum to' }) }),
  ),
  driftedAccounts: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string(),
      userId: z.string().nullable(),
      balance: signedTokenAmount({ description: 'Cached tokens' }),
      entriesSum: signedTokenAmount({ description: 'Tokens the entries sum to' }),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** Error codes of the ledger beyond the shared ones (INSUFFICIENT_TOKENS, NOT_A_MODEL live in ErrorCode). */
export const WalletErrorCode = {
  /** A refund of a transaction that was already refunded. */
  ALREADY_REFUNDED: 'ALREADY_REFUNDED',
} as const;
