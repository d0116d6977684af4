/** `details` of a 409 `PRICE_CHANGED` answer. */
export type PriceChangedDetails = {
  /** The price now, in tokens: ask the member, then send it as `expectedPrice`. */
  price: number;
};

/** The current price carried by a 409 `PRICE_CHANGED` error body, or null for any other error. */
export function changedPriceOf(error: { code?: unknown; details?: unknown } | null | undefined): number | null {
  if (!error || error.code !== 'PRICE_CHANGED') return null;
  const price = (error.details as Partial<PriceChangedDetails> | undefined)?.price;
  return typeof price === 'number' && Number.isFinite(price) ? price : null;
}
