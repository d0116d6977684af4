import { z } from 'zod';
import { hasNoNul, optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { mediaTypeSchema } from '../media/media';

// ---- sell items (admin) --------------------------------------------------------------------

/**
 * Where an item stands (docs/product.md#marketplace): `listed` in its model's store, `hidden` by an
 * administrator (it can be restored), `removed` by its model for good (that wins over hidden).
 */
export const sellItemStatusSchema = z.enum(['listed', 'hidden', 'removed'], {
  error: "Status must be 'listed', 'hidden' or 'removed'",
});
export type SellItemStatus = z.infer<typeof sellItemStatusSchema>;

export const ADMIN_ITEMS_QUERY_MAX = 80;
export const HIDE_REASON_MAX = 500;

/** GET /admin/sell-items: `status` (empty or absent: every item), `q` the item's name or the model's username. */
export const adminItemsQuerySchema = pageQuerySchema.extend({
  status: optionalFilter(sellItemStatusSchema),
  q: optionalFilter(searchTextSchema(ADMIN_ITEMS_QUERY_MAX)),
});
export type AdminItemsQuery = z.input<typeof adminItemsQuerySchema>;

/** POST /admin/sell-items/{id}/hide — the reason the model reads next to her hidden item. */
export const hideItemSchema = z.object({
  reason: z
    .string({ error: 'Say why the item is hidden' })
    .trim()
    .min(1, 'Say why the item is hidden')
    .max(HIDE_REASON_MAX, `A reason is at most ${HIDE_REASON_MAX} characters`)
    .refine(hasNoNul, 'A reason cannot contain NUL characters'),
});
export type HideItemInput = z.input<typeof hideItemSchema>;

/** An item as administrators review it, whatever its status. */
export const adminItemRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: tokenAmount({ description: 'Tokens a buyer pays' }),
  mediaType: mediaTypeSchema,
  model: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
  status: sellItemStatusSchema,
  /** When and why an administrator hid it; null when it is not hidden. */
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /** When its model took it off sale; null while she has not. */
  removedAt: z.string().nullable(),
  /** How many members bought it (they keep it whatever its status). */
  purchases: z.number().int().nonnegative(),
  /**
   * The media thumbnail (the photo's, the video's poster), which an administrator may read
   * whatever the item's status; null for a file (show an icon).
   */
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminItemRow = z.infer<typeof adminItemRowSchema>;
