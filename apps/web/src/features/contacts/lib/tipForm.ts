import { z } from 'zod';
import { TIP_MAX, TIP_MIN, TIP_NOTE_MAX, tipAmountSchema } from '@cc/contracts';
import { typedAmount } from '../../../shared/forms/typedAmount';

/** Quick picks in whole tokens. */
export const TIP_PRESETS = [5, 10, 25, 50] as const;

/** People type tokens ("5" or "2.50"); the wire carries the same tokens (docs/product.md#units). */
export const tipFormSchema = z.object({
  amount: typedAmount({ rule: tipAmountSchema, hint: 'Enter an amount like 5 or 2.50' }),
  note: z.string().trim().max(TIP_NOTE_MAX, `A note is at most ${TIP_NOTE_MAX} characters`),
});
export type TipFormInput = z.input<typeof tipFormSchema>;

export { TIP_MAX, TIP_MIN, TIP_NOTE_MAX };
