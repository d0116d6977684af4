import type { TokenPackage } from '@cc/contracts';
import { Card, EmptyState, ListError, Skeleton } from '../../../shared/ui';
import { useListPackagesQuery } from '../api/walletApi';
import { bestValueId, savingPercent, shownPackages } from '../lib/packages';
import { PackageCard } from './PackageCard';

function PackagesSkeleton() {
  return (
    <div className="package-grid" role="status" aria-label="Loading packages">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={236} radius="var(--radius-lg)" />
      ))}
    </div>
  );
}

/** The packages on sale as cards, in the administrators' order, the best value marked. */
export function PackageGrid({ onChoose }: { onChoose: (pkg: TokenPackage) => void }) {
  const { data, error, isLoading, isError, isFetching, refetch } = useListPackagesQuery();
  if (isLoading) return <PackagesSkeleton />;
  if (isError || !data) return <ListError what="the packages" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  const packages = shownPackages(data.items);
  if (packages.length === 0) {
    return (
      <Card>
        <EmptyState
          icon="coin"
          title="No packages on sale right now"
          description="Packages are set up by the site team. Check back soon, or contact us if you need tokens today."
        />
      </Card>
    );
  }
  const best = bestValueId(packages);
  return (
    <div className="package-grid">
      {packages.map((pkg) => (
        <PackageCard key={pkg._id} pkg={pkg} best={pkg._id === best} saving={savingPercent(pkg, packages)} onChoose={onChoose} />
      ))}
    </div>
  );
}
