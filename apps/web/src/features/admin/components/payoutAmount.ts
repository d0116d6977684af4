import { formatTokens } from '@cc/contracts';

/** "150.00 tokens": the amount as every admin sentence says it. */
export const payoutAmount = (tokens: number) => `${formatTokens(tokens)} tokens`;
