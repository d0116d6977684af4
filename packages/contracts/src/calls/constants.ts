/** Spec §9. Amounts in hundredths of a token. */
export const CALL_MIN_BALANCE = 1000;
/** Seconds of connected time at which minute k (1-based) is charged: 5, 61, 121, … */
export const billingSecondForMinute = (minute: number): number => (minute === 1 ? 5 : 60 * (minute - 1) + 1);
/** Tokens used as displayed: ceil(seconds / 60) × rate. */
export const tokensUsed = (seconds: number, ratePerMinute: number): number => Math.ceil(seconds / 60) * ratePerMinute;
export const CALL_MODAL_CLOSE_DELAY_MS = 3000;
