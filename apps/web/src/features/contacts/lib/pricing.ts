import type { PublicUser } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';

/** "1.50 tokens per message" for a price of 1.5 tokens, or that messages are free (a price of 0). */
export function pricePerMessageLabel(tokens: number): string {
  return tokens === 0 ? 'Free messages' : `${formatTokens(tokens)} tokens per message`;
}

/** "2.00 tokens/min" for a rate of 2 tokens. */
export function callRateLabel(tokens: number): string {
  return `${formatTokens(tokens)} tokens/min`;
}

/** Callable, literally as the product says (docs/product.md#calls): callAvailable true and phoneVerified false. */
export function isCallable(person: Pick<PublicUser, 'callAvailable' | 'phoneVerified'>): boolean {
  return person.callAvailable && !person.phoneVerified;
}

/** A stable tint per person for covers, so a profile without pictures still looks like itself. */
export function personHue(key: string): number {
  return [...key].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 360, 7);
}
