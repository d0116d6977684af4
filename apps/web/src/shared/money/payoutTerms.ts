import { formatUsd, payoutCents, systemRoutes, tokensToHundredths, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../api/baseApi';
import { routeRequest } from '../api/routeRequest';

/** The smallest payout (tokens) and what one token pays (US cents); null when the server did not say. */
export type PayoutTerms = { minimum: number | null; rateCents: number | null };
export const UNKNOWN_PAYOUT_TERMS: PayoutTerms = { minimum: null, rateCents: null };

/**
 * Public settings a creator reads before she asks for anything (issue #28): the payouts page states
 * them up front and the earnings page turns tokens into money with them.
 */
const payoutTermsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPayoutTerms: build.query<PayoutTerms, void>({
      query: () => routeRequest(systemRoutes.configKeys, { body: { keys: ['minPayoutTokens', 'payoutRateCents'] } }),
      transformResponse: (answer: RouteAnswer<typeof systemRoutes.configKeys>): PayoutTerms => ({
        minimum: answer.minPayoutTokens ?? null,
        rateCents: answer.payoutRateCents ?? null,
      }),
    }),
  }),
});

/** The terms, or unknown while they load or when the server does not say (the server's 422 still decides). */
export function usePayoutTerms(): PayoutTerms {
  return payoutTermsApi.useGetPayoutTermsQuery().data ?? UNKNOWN_PAYOUT_TERMS;
}

/** "$12.00": what `tokens` pay at `rateCents` a token, rounded down to the cent as the server does. */
export const moneyFor = (tokens: number, rateCents: number): string => formatUsd(payoutCents(tokensToHundredths(tokens), rateCents));
