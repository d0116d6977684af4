import { formatTokens, type PayoutRequest } from '@cc/contracts';
import { payoutMoney } from '../../../../shared/money';

/** "150.00 tokens": the amount as every admin sentence says it. */
export const payoutAmount = (tokens: number) => `${formatTokens(tokens)} tokens`;

/** "150.00 tokens ($12.00)", or the tokens alone on a request from before payout rates. */
export function payoutAmountWithMoney(request: Pick<PayoutRequest, 'token' | 'amountCents'>): string {
  const money = payoutMoney(request);
  return money ? `${payoutAmount(request.token)} (${money})` : payoutAmount(request.token);
}
