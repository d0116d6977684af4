import { z } from 'zod';
import { parseTokens } from '@cc/contracts';

type TypedAmountOptions = {
  /** The contract's rule for the amount, in the unit it travels in (tokens, or cents for prices). */
  rule: z.ZodType;
  /** What to type, shown when the text is not an amount at all: "Enter an amount like 1.50". */
  hint: string;
  /** Reads the text (default: tokens, as people write them); null when it is not an amount. */
  parse?: (text: string) => number | null;
};

/**
 * A form field where people type an amount ("1,000", "2.50"). The text is read with `parse`, then
 * checked by the contract's rule, so the form refuses exactly what the server would. The value is
 * the amount as typed and sent — tokens stay tokens: the rule only checks, its codec never converts
 * (docs/product.md#units).
 */
export function typedAmount({ rule, hint, parse = parseTokens }: TypedAmountOptions) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      const amount = parse(text);
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: hint });
        return z.NEVER;
      }
      const checked = rule.safeParse(amount);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'This amount is not allowed' });
        return z.NEVER;
      }
      return amount;
    });
}
