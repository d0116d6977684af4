import type { TokenPackage } from '@cc/contracts';
import { Badge, Button, Icon } from '../../../shared/ui';
import { centsPerToken } from '../lib/packages';
import { formatTokens, formatUsd } from '../lib/format';

type PackageCardProps = { pkg: TokenPackage; best: boolean; saving: number; onChoose: (pkg: TokenPackage) => void };

/** One package: how many tokens, the price, the price per token, and whether it is the best value. */
export function PackageCard({ pkg, best, saving, onChoose }: PackageCardProps) {
  return (
    <article className={best ? 'package-card package-card--best' : 'package-card'} aria-labelledby={`package-${pkg._id}`}>
      <div className="package-card__top">
        <h3 id={`package-${pkg._id}`} className="package-card__name">
          {pkg.name}
        </h3>
        {best ? (
          <Badge tone="accent">
            <Icon name="star" size={12} /> Best value
          </Badge>
        ) : saving > 0 ? (
          <Badge tone="success">Save {saving}%</Badge>
        ) : null}
      </div>
      <p className="package-card__tokens">
        {formatTokens(pkg.tokens)} <span className="package-card__unit">tokens</span>
      </p>
      <div className="package-card__price-row">
        <p className="package-card__price">{formatUsd(pkg.priceCents)}</p>
        <p className="package-card__per">
          {formatUsd(centsPerToken(pkg))} per token
          {best && saving > 0 ? <span className="package-card__saving"> · save {saving}%</span> : null}
        </p>
      </div>
      <Button
        block
        variant={best ? 'primary' : 'secondary'}
        onClick={() => onChoose(pkg)}
        aria-label={`Buy ${pkg.name}: ${formatTokens(pkg.tokens)} tokens for ${formatUsd(pkg.priceCents)}`}
      >
        Buy
      </Button>
    </article>
  );
}
