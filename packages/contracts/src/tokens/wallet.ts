import { z } from 'zod';

/** Amounts are integers of hundredths of a token (150 = 1.50). */
export const ledgerKindSchema = z.enum([
  'card_purchase',
  'message',
  'item',
  'tip',
  'call',
  'payout',
  'payout_refund',
  'adjustment',
  'refund',
]);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** One line of a member's statement: what moved in or out of their wallet. */
export const walletEntrySchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  kind: ledgerKindSchema,
  /** Signed: positive came in, negative went out. */
  amount: z.number().int(),
  memo: z.string(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletSchema = z.object({ balance: z.number().int() });

/** POST /admin/users/:id/adjust-balance — written to the ledger with the administrator and reason. */
export const adjustBalanceSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number of hundredths of a token' })
    .int('Amount must be a whole number of hundredths of a token')
    .refine((n) => n !== 0, 'Amount cannot be zero')
    .refine((n) => Math.abs(n) <= 100_000_000, 'Amount must be at most 1,000,000.00 tokens either way'),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500, 'Reason must be at most 500 characters'),
  /** Client-made id so a doubled click adjusts once. */
  idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
});
export type AdjustBalanceInput = z.infer<typeof adjustBalanceSchema>;

export const earningSourceSchema = z.enum(['message', 'item', 'tip', 'call']);
export const earningSchema = z.object({
  _id: z.string(),
  source: earningSourceSchema,
  gross: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
  payer: z.object({ _id: z.string(), username: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;

/** What a model earned in total over every row (refund reversals are negative rows, so they net out). */
export const earningTotalsSchema = z.object({
  gross: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
});
export type EarningTotals = z.infer<typeof earningTotalsSchema>;

/** GET /earning — a page of the model's earnings, the total count and the totals of all of them. */
export const earningListSchema = z.object({
  items: z.array(earningSchema),
  count: z.number().int().nonnegative(),
  totals: earningTotalsSchema,
});
export type EarningList = z.infer<typeof earningListSchema>;

/** Tips: at least 1.00 token, at most 1,000,000.00 tokens (hundredths). */
export const TIP_MIN = 100;
export const TIP_MAX = 100_000_000;
export const TIP_NOTE_MAX = 500;

/** POST /share-love/create — a member gives tokens to a model; the site keeps its commission. */
export const shareLoveSchema = z.object({
  modelId: z.uuid('Choose a model to tip'),
  amount: z
    .number({ error: 'Amount must be a number of hundredths of a token' })
    .int('Amount must be a whole number of hundredths of a token')
    .min(TIP_MIN, 'A tip is at least 1.00 token')
    .max(TIP_MAX, 'A tip is at most 1,000,000.00 tokens'),
  note: z.string().trim().max(TIP_NOTE_MAX, `A note is at most ${TIP_NOTE_MAX} characters`).optional(),
  /** Client-made UUID, one per tip attempt: a retry or a double click tips once. */
  idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
});
export type ShareLoveInput = z.input<typeof shareLoveSchema>;

/** The tip's ledger transaction and the tipper's balance afterwards. */
export const shareLoveResultSchema = z.object({ transactionId: z.string(), balance: z.number().int() });
export type ShareLoveResult = z.infer<typeof shareLoveResultSchema>;

/** GET /admin/ledger/check — empty lists mean every transaction balances and every cached balance is right. */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  unbalancedTransactions: z.array(z.object({ transactionId: z.string(), sum: z.number().int() })),
  driftedAccounts: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string(),
      userId: z.string().nullable(),
      balance: z.number().int(),
      entriesSum: z.number().int(),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** Error codes of the ledger beyond the shared ones (INSUFFICIENT_TOKENS, NOT_A_MODEL live in ErrorCode). */
export const WalletErrorCode = {
  /** A refund of a transaction that was already refunded. */
  ALREADY_REFUNDED: 'ALREADY_REFUNDED',
} as const;
