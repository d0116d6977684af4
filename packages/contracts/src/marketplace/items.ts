import { z } from 'zod';
import { hasNoNul, idempotencyKeySchema, pageQuerySchema } from '../common/envelope';
import { ErrorCode } from '../common/error-codes';
import { tokenAmount } from '../common/money';
import { expectedPriceSchema } from '../common/price-seen';
import { mediaTypeSchema } from '../media/media';

/** Items models sell (docs/product.md#marketplace). Prices are tokens on the wire, hundredths inside. */
export const ITEM_NAME_MAX = 120;
export const ITEM_DESCRIPTION_MAX = 2_000;
/** 1.00 to 100,000.00 tokens (hundredths). */
export const ITEM_PRICE_MIN = 100;
export const ITEM_PRICE_MAX = 10_000_000;

export const itemPriceSchema = tokenAmount({
  min: ITEM_PRICE_MIN,
  max: ITEM_PRICE_MAX,
  label: 'The price',
  description: 'Tokens a buyer pays',
});

const itemName = z
  .string({ error: 'Give the item a name' })
  .trim()
  .min(1, 'Give the item a name')
  .max(ITEM_NAME_MAX, `A name is at most ${ITEM_NAME_MAX} characters`)
  .refine(hasNoNul, 'A name cannot contain NUL characters');
const itemDescription = z
  .string({ error: 'A description is text' })
  .trim()
  .max(ITEM_DESCRIPTION_MAX, `A description is at most ${ITEM_DESCRIPTION_MAX} characters`)
  .refine(hasNoNul, 'A description cannot contain NUL characters');

/** The seller as buyers see them. */
export const itemSellerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

/** One purchase: what the buyer keeps, even after the model takes the item off sale. */
export const purchaseItemSchema = z.object({
  _id: z.string(),
  sellItemId: z.string(),
  modelId: z.string(),
  model: itemSellerSchema.nullable(),
  name: z.string(),
  description: z.string(),
  mediaType: mediaTypeSchema,
  /** Tokens the buyer paid. */
  price: tokenAmount({ description: 'Tokens the buyer paid' }),
  /** A small JPEG (thumbnail or poster) the buyer may see; null for files. */
  previewUrl: z.string().nullable(),
  /** GET /purchase-item/{id}/download/ — the original file. */
  downloadUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  transactionId: z.string(),
  createdAt: z.string(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

/**
 * An item on sale. Everyone sees a preview (thumbnail, poster, or null for a file: show an icon),
 * blurred until bought, never the original; `isPurchased` and `purchasedItem` are the viewer's own.
 */
export const sellItemSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  model: itemSellerSchema.nullable(),
  name: z.string(),
  description: z.string(),
  price: tokenAmount({ description: 'Tokens a buyer pays' }),
  mediaType: mediaTypeSchema,
  /**
   * A small JPEG: to anyone who has not bought it, GET /sell-item/{id}/preview, blurred so it gives
   * nothing away; to its seller and its buyers, the clear thumbnail (GET /media/{id}/thumbnail).
   * Null for files.
   */
  previewUrl: z.string().nullable(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  isPurchased: z.boolean(),
  purchasedItem: purchaseItemSchema.nullable(),
  /** The seller's own view only (GET /sell-item/me): the media behind the item and how often it sold. */
  mediaId: z.string().optional(),
  salesCount: z.number().int().nonnegative().optional(),
  /**
   * The seller's own view only: when and why an administrator hid the item from the store (null
   * while it is listed). A hidden item is not listed, previewed or sold until it is restored.
   */
  hiddenAt: z.string().nullable().optional(),
  hiddenReason: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellItem = z.infer<typeof sellItemSchema>;

/**
 * POST /sell-item — the media was uploaded first through /media/photos|videos|files by the seller.
 * The price is `price` or `token` (the spec's name for amounts).
 */
export const createSellItemSchema = z
  .object({
    mediaId: z.uuid('Upload the photo, video or file first'),
    name: itemName,
    description: itemDescription.optional(),
    price: itemPriceSchema.optional(),
    token: itemPriceSchema.optional().meta({ description: 'Same as price' }),
  })
  .superRefine((input, ctx) => {
    if (input.price === undefined && input.token === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Set a price' });
  })
  .transform(({ token, price, description, ...rest }) => ({ ...rest, description: description ?? '', price: (price ?? token) as number }));
export type CreateSellItemInput = z.input<typeof createSellItemSchema>;

/** PUT /sell-item/{id} — any of name, description, price (or token). */
export const updateSellItemSchema = z
  .object({
    name: itemName.optional(),
    description: itemDescription.optional(),
    price: itemPriceSchema.optional(),
    token: itemPriceSchema.optional().meta({ description: 'Same as price' }),
  })
  .transform(({ token, price, ...rest }) => ({ ...rest, price: price ?? token }));
export type UpdateSellItemInput = z.input<typeof updateSellItemSchema>;

/** GET /sell-item/model?modelId= — one model's items on sale, newest first. */
export const sellItemsOfModelQuerySchema = pageQuerySchema.extend({
  modelId: z.uuid('Say whose items to list (modelId)'),
});

/**
 * POST /purchase-item — buy an item once. `expectedPrice` is the price the buyer saw
 * (docs/product.md#price-changes): when it differs from the current one the answer is 409
 * PRICE_CHANGED with the new price, and nothing is charged. `price` is the older name of the same
 * field, still read. `idempotencyKey` is optional (a second purchase of the same item is refused anyway).
 */
export const purchaseInputSchema = z
  .object({
    sellItemId: z.uuid('Choose an item to buy'),
    expectedPrice: expectedPriceSchema('the item'),
    price: tokenAmount({ label: 'price', description: 'Same as expectedPrice (its older name)' }).optional(),
    idempotencyKey: idempotencyKeySchema.optional(),
  })
  .transform(({ price, expectedPrice, ...rest }) => ({ ...rest, expectedPrice: expectedPrice ?? price }));
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

/** The purchase, with the buyer's balance afterwards. */
export const itemPurchaseResultSchema = purchaseItemSchema.extend({
  balance: tokenAmount({ description: "The buyer's tokens afterwards" }),
});
export type ItemPurchaseResult = z.infer<typeof itemPurchaseResultSchema>;

export const MarketplaceErrorCode = {
  /** The buyer already owns this item. */
  ALREADY_PURCHASED: 'ALREADY_PURCHASED',
  /** The price changed since the buyer saw it; `details.price` is the current price in tokens (the same code as ErrorCode.PRICE_CHANGED). */
  PRICE_CHANGED: ErrorCode.PRICE_CHANGED,
} as const;

/** The sentences of spec section 8 for purchases, word for word. */
export const PURCHASE_MESSAGES = {
  success: 'Purchased item success',
  failed: 'Error occured, please try again!',
} as const;
