/**
 * The balance needed to start a call: 10 tokens (docs/product.md#calls). Hundredths, like every
 * amount inside the server; a client compares it with a balance it reads in tokens only after
 * `hundredthsToTokens(CALL_MIN_BALANCE)`.
 */
export const CALL_MIN_BALANCE = 1000;
/** Seconds of connected time at which minute k (1-based) is charged: 5, 61, 121, … */
export const billingSecondForMinute = (minute: number): number => (minute === 1 ? 5 : 60 * (minute - 1) + 1);
/** Tokens used as displayed: ceil(seconds / 60) × rate, in the rate's unit (docs/product.md#call-billing). */
export const tokensUsed = (seconds: number, ratePerMinute: number): number => Math.ceil(seconds / 60) * ratePerMinute;
export const CALL_MODAL_CLOSE_DELAY_MS = 3000;
