import { z } from 'zod';
import { payoutRequestInputSchema } from '@cc/contracts';
import { typedAmount } from '../../../shared/forms/typedAmount';

/**
 * The payout request form: the amount typed as people write tokens ("150", "1,000.50") and checked
 * by the contract's own rule, and the 6-digit code (docs/product.md#payouts). Field names are the
 * wire's, so the server's 422 `details.fields` land on the right input.
 */
export const payoutFormSchema = z.object({
  token: typedAmount({ rule: payoutRequestInputSchema.shape.token, hint: 'Enter an amount of tokens, like 150 or 99.50' }),
  verifyCode: payoutRequestInputSchema.shape.verifyCode,
});
export type PayoutFormInput = z.input<typeof payoutFormSchema>;
export type PayoutFormOutput = z.output<typeof payoutFormSchema>;

export const PAYOUT_FORM_FIELDS = ['token', 'verifyCode'] as const;
