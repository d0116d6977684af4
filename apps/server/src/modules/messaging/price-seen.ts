import { ErrorCode, formatTokens, hundredthsToTokens } from '@cc/contracts';
import { AppError } from '../../platform/errors';

/**
 * docs/product.md#price-changes: a send that carries the price the member saw (`expectedPrice`)
 * is charged that price or nothing. The 409 names the price now (tokens, in `details.price`), so
 * the client can ask the member and send again with it.
 */
export function messagePriceChanged(price: number): AppError {
  const tokens = hundredthsToTokens(price);
  const msg =
    price === 0
      ? 'Messages to this member are now free. Send again.'
      : `The price per message is now ${formatTokens(tokens)} tokens. Check it and send again.`;
  return new AppError(409, ErrorCode.PRICE_CHANGED, msg, { price: tokens });
}

/** Thrown inside a charging transaction to roll it back: the price (hundredths) is no longer the one the send carries. */
export class PriceMovedMeanwhile extends Error {
  constructor(readonly price: number) {
    super('the price changed before the charge');
  }
}
