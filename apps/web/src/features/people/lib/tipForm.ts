import { z } from 'zod';
import { TIP_MAX, TIP_MIN, TIP_NOTE_MAX, tokenAmount } from '@cc/contracts';
import { parseTokens } from '../../../shared/format';

/** Quick picks in whole tokens. */
export const TIP_PRESETS = [5, 10, 25, 50] as const;

/** The contract's rule for a tip's amount on the wire: tokens, two decimals at most, within the limits. */
const tipOnTheWire = tokenAmount({ min: TIP_MIN, max: TIP_MAX, label: 'A tip' });

/** People type tokens ("5" or "2.50"); the wire carries the same tokens (docs/product.md#units). */
export const tipFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const tokens = parseTokens(text);
      if (tokens === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5 or 2.50' });
        return z.NEVER;
      }
      const checked = tipOnTheWire.safeParse(tokens);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'That amount is not allowed' });
        return z.NEVER;
      }
      return tokens;
    }),
  note: z.string().trim().max(TIP_NOTE_MAX, `A note is at most ${TIP_NOTE_MAX} characters`),
});
export type TipFormInput = z.input<typeof tipFormSchema>;

export { TIP_MAX, TIP_MIN, TIP_NOTE_MAX };
