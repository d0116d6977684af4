import { z } from 'zod';
import { adjustBalanceSchema, parseTokens } from '@cc/contracts';

/** "+100", "-12.50", "−1,000" → signed hundredths; null when it is not a signed amount. */
export function parseSignedTokens(text: string): number | null {
  const match = /^\s*([+\-−]?)\s*(.+)$/.exec(text);
  if (!match) return null;
  const size = parseTokens(match[2]!);
  if (size === null) return null;
  return match[1] === '-' || match[1] === '−' ? -size : size;
}

/** The amount is typed in tokens with a sign; the wire carries signed hundredths. */
export const adjustFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const hundredths = parseSignedTokens(text);
      if (hundredths === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 25 to add or -12.50 to remove' });
        return z.NEVER;
      }
      const checked = adjustBalanceSchema.shape.amount.safeParse(hundredths);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'This amount is not allowed' });
        return z.NEVER;
      }
      return hundredths;
    }),
  reason: adjustBalanceSchema.shape.reason,
});
export type AdjustFormValues = z.input<typeof adjustFormSchema>;
