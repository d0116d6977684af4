import { z } from 'zod';
import { TIP_MAX, TIP_MIN, TIP_NOTE_MAX, shareLoveSchema } from '@cc/contracts';
import { parseTokens } from '../../../shared/format';

/** Quick picks in whole tokens. */
export const TIP_PRESETS = [5, 10, 25, 50] as const;

/** People type tokens ("5" or "2.50"); the wire carries hundredths, checked by the contract's rule. */
export const tipFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const hundredths = parseTokens(text);
      if (hundredths === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5 or 2.50' });
        return z.NEVER;
      }
      const checked = shareLoveSchema.shape.amount.safeParse(hundredths);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'That amount is not allowed' });
        return z.NEVER;
      }
      return hundredths;
    }),
  note: z.string().trim().max(TIP_NOTE_MAX, `A note is at most ${TIP_NOTE_MAX} characters`),
});
export type TipFormInput = z.input<typeof tipFormSchema>;

export { TIP_MAX, TIP_MIN, TIP_NOTE_MAX };
