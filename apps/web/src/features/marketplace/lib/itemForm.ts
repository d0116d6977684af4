import { z } from 'zod';
import { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, itemPriceSchema } from '@cc/contracts';
import { typedAmount } from '../../../shared/forms/typedAmount';

/**
 * An item's name, description and price as the model types them; the price is read like the tip
 * form's amount and checked by the contract's price rule, so the form refuses what the server would
 * (docs/product.md#units).
 */
export const itemFormSchema = z.object({
  name: z.string().trim().min(1, 'Give the item a name').max(ITEM_NAME_MAX, `A name is at most ${ITEM_NAME_MAX} characters`),
  description: z.string().trim().max(ITEM_DESCRIPTION_MAX, `A description is at most ${ITEM_DESCRIPTION_MAX} characters`),
  price: typedAmount({ rule: itemPriceSchema, hint: 'Enter a price like 10 or 4.50' }),
});
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemFormValues = z.output<typeof itemFormSchema>;

export const ITEM_FORM_FIELDS = ['name', 'description', 'price'] as const;

export { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX };

/** "sunset-beach.final.jpg" → "sunset-beach.final": a starting name the model can change. */
export function nameFromFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, ITEM_NAME_MAX);
}
