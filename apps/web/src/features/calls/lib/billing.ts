import { billingSecondForMinute, tokensUsed } from '@cc/contracts';

/**
 * The last minute whose charging second the timer has reached (docs/product.md#call-modal: minute 1 at 5 s,
 * minute k at 60·(k−1)+1 s), 0 before 5 s. The page asks the server to charge when this grows.
 */
export function dueMinute(seconds: number): number {
  if (seconds < billingSecondForMinute(1)) return 0;
  return seconds < billingSecondForMinute(2) ? 1 : Math.floor((seconds - 1) / 60) + 1;
}

/** 'Tokens used: N' as displayed: ceil(seconds / 60) × rate (docs/product.md#call-modal). */
export const displayedTokens = (seconds: number, ratePerMinute: number): number => tokensUsed(seconds, ratePerMinute);

const pad = (n: number) => String(n).padStart(2, '0');

/** The connected timer, MM:SS (docs/product.md#call-modal). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
