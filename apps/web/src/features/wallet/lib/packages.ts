import type { TokenPackage } from '@cc/contracts';

export { centsPerToken } from '../../../shared/money';

/** Tokens a cent buys: the higher, the better the deal. */
const tokensPerCent = (pkg: Pick<TokenPackage, 'tokens' | 'priceCents'>) => pkg.tokens / pkg.priceCents;

/** Active packages in the administrators' order. */
export function shownPackages(packages: readonly TokenPackage[]): TokenPackage[] {
  return packages
    .filter((pkg) => pkg.active && pkg.tokens > 0 && pkg.priceCents > 0)
    .sort((a, b) => a.ordering - b.ordering || a.priceCents - b.priceCents);
}

/**
 * The package with the most tokens per dollar, or null when there is nothing to compare (one
 * package, or all at the same rate). On a tie the bigger package wins.
 */
export function bestValueId(packages: readonly TokenPackage[]): string | null {
  if (packages.length < 2) return null;
  const rates = packages.map(tokensPerCent);
  const worst = Math.min(...rates);
  let best: TokenPackage | null = null;
  for (const pkg of packages) {
    if (!best || tokensPerCent(pkg) > tokensPerCent(best) || (tokensPerCent(pkg) === tokensPerCent(best) && pkg.tokens > best.tokens))
      best = pkg;
  }
  return best && tokensPerCent(best) > worst ? best._id : null;
}

/** How much cheaper per token than the dearest package, in whole percent (0 when it is the dearest). */
export function savingPercent(pkg: TokenPackage, packages: readonly TokenPackage[]): number {
  const dearest = Math.max(...packages.map((p) => p.priceCents / p.tokens));
  const own = pkg.priceCents / pkg.tokens;
  return dearest > 0 ? Math.floor(((dearest - own) / dearest) * 100) : 0;
}
