import type { PublicUser } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';

/** "1.50 tokens per message", or that messages are free (a price of 0). */
export function pricePerMessageLabel(hundredths: number): string {
  return hundredths === 0 ? 'Free messages' : `${formatTokens(hundredths)} tokens per message`;
}

/** "2.00 tokens/min" */
export function callRateLabel(hundredths: number): string {
  return `${formatTokens(hundredths)} tokens/min`;
}

/** Spec §5, literally: callAvailable true and phoneVerified false. */
export function isCallable(person: Pick<PublicUser, 'callAvailable' | 'phoneVerified'>): boolean {
  return person.callAvailable && !person.phoneVerified;
}

/** A stable tint per person for covers, so a profile without pictures still looks like itself. */
export function personHue(key: string): number {
  return [...key].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 360, 7);
}
