import { hundredthsToTokens, tokensToHundredths } from '@cc/contracts';

/**
 * What buying costs the buyer, in tokens as the API sends them; the subtraction goes through whole
 * hundredths so 10.1 − 0.2 is 9.9 (docs/product.md#units). A balance never goes below zero
 * (docs/product.md#ledger): when it would, `short` says how many more tokens are needed.
 */
export function purchaseOutcome(balance: number, price: number): { after: number; short: number } {
  const left = tokensToHundredths(balance) - tokensToHundredths(price);
  return left >= 0 ? { after: hundredthsToTokens(left), short: 0 } : { after: hundredthsToTokens(0), short: hundredthsToTokens(-left) };
}
