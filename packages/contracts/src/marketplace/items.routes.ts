import { idParamSchema, listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  createSellItemSchema,
  purchaseInputSchema,
  purchaseItemSchema,
  itemPurchaseResultSchema,
  sellItemSchema,
  sellItemsOfModelQuerySchema,
  updateSellItemSchema,
} from './items';
import { itemsPaths } from './items.paths';

const tags = ['items'];

/**
 * Sell items and purchases (docs/product.md#marketplace). Listing a model's items is public (a
 * signed-in viewer also learns what they bought); previews are public; the original only reaches
 * its seller and its buyers.
 */
export const itemsRoutes = {
  create: defineRoute({
    ...itemsPaths.create,
    access: 'member',
    tags,
    summary: 'Models: put an uploaded photo, video or file on sale',
    description:
      'Upload the file through /media/photos, /media/videos or /media/files first and send its id as `mediaId`, with `name`, `description` and `price` (or `token`) in tokens. Only an approved model sells.',
    body: createSellItemSchema,
    status: 201,
    answer: sellItemSchema,
  }),
  ofModel: defineRoute({
    ...itemsPaths.ofModel,
    access: 'public',
    tags,
    summary: "A model's items on sale, newest first (with the viewer's purchases when signed in)",
    query: sellItemsOfModelQuerySchema,
    answer: listOf(sellItemSchema),
  }),
  mine: defineRoute({
    ...itemsPaths.mine,
    access: 'member',
    tags,
    summary: 'Models: my items on sale, newest first, with how often each sold',
    query: pageQuerySchema,
    answer: listOf(sellItemSchema),
  }),
  update: defineRoute({
    ...itemsPaths.update,
    access: 'member',
    tags,
    summary: "Models: change an item's name, description or price",
    params: idParamSchema,
    body: updateSellItemSchema,
    answer: sellItemSchema,
  }),
  remove: defineRoute({
    ...itemsPaths.remove,
    access: 'member',
    tags,
    summary: 'Models: take an item off sale (buyers keep their download)',
    params: idParamSchema,
    answer: null,
  }),
  preview: defineRoute({
    ...itemsPaths.preview,
    access: 'public',
    tags,
    summary:
      "An item's preview for anyone, blurred so it gives nothing away: the photo's thumbnail or the video's poster (JPEG); 404 for files",
    params: idParamSchema,
    answer: 'raw',
  }),
  purchases: defineRoute({
    ...itemsPaths.purchases,
    access: 'member',
    tags,
    summary: 'My purchases, newest first',
    query: pageQuerySchema,
    answer: listOf(purchaseItemSchema),
  }),
  purchase: defineRoute({
    ...itemsPaths.purchase,
    access: 'member',
    tags,
    summary: 'Buy an item: its price is charged once (402 when tokens are short, 409 when already bought)',
    description:
      '`sellItemId` names the item. `expectedPrice` (optional, tokens; `price` is its older name) is the price the buyer saw: ' +
      'a different current price answers 409 PRICE_CHANGED with `details.price` and charges nothing.',
    body: purchaseInputSchema,
    status: 201,
    answer: itemPurchaseResultSchema,
  }),
  hidePurchase: defineRoute({
    ...itemsPaths.hidePurchase,
    access: 'member',
    tags,
    summary: 'Remove a purchase from my list (nothing is refunded)',
    params: idParamSchema,
    answer: null,
  }),
  /** The spec writes the download with its trailing slash. */
  download: defineRoute({
    ...itemsPaths.download,
    access: 'public',
    tags,
    summary: 'The purchased file itself, for its buyer (ranges supported; also accepts the accessToken cookie)',
    params: idParamSchema,
    answer: 'raw',
  }),
};
