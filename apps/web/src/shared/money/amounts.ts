import { hundredthsToTokens, tokensToHundredths } from '@cc/contracts';

/**
 * Token amounts in the browser are tokens, as the API sends them (docs/product.md#units). Adding
 * them goes through whole hundredths, so 0.1 + 0.2 is 0.3 and a page total never drifts.
 */
export function sumTokens(amounts: Iterable<number>): number {
  let hundredths = 0;
  for (const amount of amounts) hundredths += tokensToHundredths(amount);
  return hundredthsToTokens(hundredths);
}

/** The price of one whole token in US cents, rounded to the cent like every amount shown; `tokens` is tokens. */
export const centsPerToken = (pkg: { tokens: number; priceCents: number }) => Math.round(pkg.priceCents / pkg.tokens);
