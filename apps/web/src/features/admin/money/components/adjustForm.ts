import { z } from 'zod';
import { adjustBalanceSchema, parseTokens } from '@cc/contracts';
import { typedAmount } from '../../../../shared/forms/typedAmount';

/** "+100", "-12.50", "−1,000" → signed tokens; null when it is not a signed amount. */
export function parseSignedTokens(text: string): number | null {
  const match = /^\s*([+\-−]?)\s*(.+)$/.exec(text);
  if (!match) return null;
  const size = parseTokens(match[2]!);
  if (size === null) return null;
  return match[1] === '-' || match[1] === '−' ? -size : size;
}

/** The amount is typed in tokens with a sign and sent in tokens (docs/product.md#units), checked with the contract's rule. */
export const adjustFormSchema = z.object({
  amount: typedAmount({
    rule: adjustBalanceSchema.shape.amount,
    parse: parseSignedTokens,
    hint: 'Enter an amount like 25 to add or -12.50 to remove',
  }),
  reason: adjustBalanceSchema.shape.reason,
});
export type AdjustFormValues = z.input<typeof adjustFormSchema>;
