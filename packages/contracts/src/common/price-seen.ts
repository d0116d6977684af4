import { tokenAmount } from './money';

/**
 * The price the member saw (docs/product.md#price-changes). Every paid action a model prices —
 * a message, an item, a call's rate per minute — takes it as `expectedPrice`, in tokens. It is
 * optional, so a client written from the spec alone (which names no such field) is charged the
 * current price as before; when it is given and the current price differs, nothing is charged and
 * the answer is 409 `PRICE_CHANGED` with the current price in `details.price`.
 */
export const expectedPriceSchema = (what: string) =>
  tokenAmount({
    label: 'expectedPrice',
    description: `The price the member saw, in tokens (${what}); a different current price answers 409 PRICE_CHANGED and charges nothing`,
  }).optional();
