import { z } from 'zod';
import { checkCard } from './card';

/** The "pay with" choice for a card typed now; any other value is a saved card's id. */
export const NEW_CARD = 'new';

/** Card fields are checked only when a new card is chosen (Luhn, expiry in the future, CVC, name). */
export const checkoutFormSchema = z
  .object({
    method: z.string(),
    cardNumber: z.string(),
    expiry: z.string(),
    cvc: z.string(),
    name: z.string(),
    saveCard: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.method !== NEW_CARD) return;
    for (const [path, message] of Object.entries(checkCard(values))) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;

export const emptyCard = (method: string): CheckoutFormValues => ({
  method,
  cardNumber: '',
  expiry: '',
  cvc: '',
  name: '',
  saveCard: false,
});
