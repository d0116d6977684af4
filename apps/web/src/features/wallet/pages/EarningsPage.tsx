import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { errorMessage } from '../../../shared/api/apiError';
import { Alert, Button, ButtonLink, Card, EmptyState, PageHeader, Skeleton } from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListEarningsQuery } from '../api/walletApi';
import { usePage } from '../../../shared/hooks/usePage';
import { PERIOD_OPTIONS } from '../lib/earningsPeriods';
import { EarningsChart } from '../components/EarningsChart';
import { EarningsList } from '../components/EarningsList';
import { EarningsBySource, EarningsTotals, ZERO_TOTALS } from '../components/EarningsSummary';
import { Segmented } from '../components/Segmented';
import { useEarningsView } from '../hooks/useEarningsView';
import './EarningsPage.css';

function ModelEarnings() {
  const [page, setPage] = usePage();
  const { period, source, setPeriod, setSource } = useEarningsView();
  const query = useListEarningsQuery({
    limit: MONEY_PAGE_SIZE,
    skip: (page - 1) * MONEY_PAGE_SIZE,
    source: source === 'all' ? '' : source,
    period,
  });
  // A failed load resets everything to empty, with a total of 0 (spec: a failed earning load), so no
  // figure from an earlier answer stays on screen (docs/product.md#client-rules).
  const data = query.isError ? undefined : query.data;

  return (
    <>
      {query.isError ? (
        <Alert
          tone="danger"
          title="Could not load your earnings"
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
              Try again
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      <EarningsTotals totals={query.isError ? ZERO_TOTALS : data?.totals} />
      <EarningsBySource
        bySource={query.isError ? { message: ZERO_TOTALS, tip: ZERO_TOTALS, item: ZERO_TOTALS, call: ZERO_TOTALS } : data?.bySource}
      />

      <Card
        title="Net earnings over time"
        actions={<Segmented label="Group earnings by" options={PERIOD_OPTIONS} value={period} onChange={setPeriod} />}
        className="earnings-chart-card"
      >
        {data ? (
          <EarningsChart periods={data.byPeriod} period={period} />
        ) : query.isError ? (
          <p className="muted text-sm">The chart shows once your earnings load.</p>
        ) : (
          <Skeleton height={220} />
        )}
      </Card>

      <EarningsList
        items={data?.items}
        count={data?.count ?? 0}
        loading={query.isLoading}
        fetching={query.isFetching}
        page={page}
        onPage={setPage}
        source={source}
        onSource={setSource}
      />
    </>
  );
}

/** /earnings (models): totals, totals by source, net earnings over time, then each earning with its commission. */
export default function EarningsPage() {
  const user = useAppSelector(selectCurrentUser);
  const isModel = user?.type === 'model';
  return (
    <>
      <PageHeader
        title="Earnings"
        description="What you earned from messages, items, tips and calls, after the site's commission."
        actions={
          isModel ? (
            <ButtonLink to="/payouts" variant="secondary">
              Request a payout
            </ButtonLink>
          ) : undefined
        }
      />
      {isModel ? (
        <ModelEarnings />
      ) : (
        <Card>
          <EmptyState
            icon="sparkles"
            title="Earnings are for creators"
            description="Creator accounts earn tokens from messages, items, tips and calls."
            action={<ButtonLink to="/tokens">Back to tokens</ButtonLink>}
          />
        </Card>
      )}
    </>
  );
}
