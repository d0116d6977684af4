import { useSearchParams } from 'react-router';
import type { Earning, EarningPeriod } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { errorMessage } from '../../../shared/api/apiError';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  PageHeader,
  Pager,
  Skeleton,
  Table,
  TableSkeleton,
  type TableColumn,
} from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListEarningsQuery, type EarningSource } from '../api/walletApi';
import { usePage } from '../../../shared/hooks/usePage';
import { EARNING_SOURCE, formatTokens } from '../lib/format';
import { isEarningPeriod, PERIOD_OPTIONS } from '../lib/earningsPeriods';
import { TipNote, When } from '../../../shared/money';
import { EarningsChart } from '../components/EarningsChart';
import { EarningsBySource, EarningsTotals, ZERO_TOTALS } from '../components/EarningsSummary';
import { Segmented, type SegmentedOption } from '../components/Segmented';
import './EarningsPage.css';

const COLUMNS: readonly TableColumn<Earning>[] = [
  { key: 'date', header: 'Date', cell: (row) => <When iso={row.createdAt} /> },
  { key: 'source', header: 'From', cell: (row) => EARNING_SOURCE[row.source] ?? row.source },
  {
    key: 'payer',
    header: 'Member',
    cell: (row) => (
      <>
        {row.payer ? `${row.payer.name} (@${row.payer.username})` : <span className="muted">—</span>}
        {row.note ? <TipNote note={row.note} /> : null}
      </>
    ),
  },
  { key: 'gross', header: 'Gross', align: 'end', cell: (row) => formatTokens(row.gross) },
  { key: 'commission', header: 'Commission', align: 'end', cell: (row) => <span className="muted">−{formatTokens(row.commission)}</span> },
  { key: 'net', header: 'You earned', align: 'end', cell: (row) => <strong className="money-amount">{formatTokens(row.net)}</strong> },
];

type SourceFilter = EarningSource | 'all';

const SOURCE_FILTERS: readonly SegmentedOption<SourceFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'message', label: 'Messages' },
  { value: 'tip', label: 'Tips' },
  { value: 'item', label: 'Items' },
  { value: 'call', label: 'Calls' },
];

const SOURCE_WORDS: Record<EarningSource, string> = { message: 'messages', tip: 'tips', item: 'item sales', call: 'calls' };

const isSourceFilter = (value: string): value is SourceFilter => SOURCE_FILTERS.some((option) => option.value === value);

/** The chart's period and the table's source live in the address, like the page, so a reload keeps them. */
function useEarningsView() {
  const [params, setParams] = useSearchParams();
  const rawPeriod = params.get('period') ?? 'day';
  const rawSource = params.get('source') ?? 'all';
  const period: EarningPeriod = isEarningPeriod(rawPeriod) ? rawPeriod : 'day';
  const source: SourceFilter = isSourceFilter(rawSource) ? rawSource : 'all';
  const set = (name: 'period' | 'source', value: string, fallback: string, resetPage: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    period,
    source,
    setPeriod: (next: EarningPeriod) => set('period', next, 'day', false),
    // A narrower list starts again at its first page.
    setSource: (next: SourceFilter) => set('source', next, 'all', true),
  };
}

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

      <section className="earnings-list" aria-labelledby="earnings-list-title">
        <div className="earnings-list__head">
          <h2 id="earnings-list-title" className="earnings-list__title">
            Every earning
          </h2>
          <Segmented label="Show earnings from" options={SOURCE_FILTERS} value={source} onChange={setSource} />
        </div>
        {query.isLoading ? (
          <TableSkeleton columns={6} label="Loading your earnings" />
        ) : !data ? (
          <Pager page={1} pageSize={MONEY_PAGE_SIZE} total={0} onPage={() => undefined} />
        ) : data.items.length === 0 ? (
          <Card>
            {source === 'all' ? (
              <EmptyState
                icon="sparkles"
                title="No earnings yet"
                description="You earn when members pay for your messages, buy your items, tip you or call you. Set your price per message to get started."
                action={<ButtonLink to="/account/profile">Set my price</ButtonLink>}
              />
            ) : (
              <EmptyState
                icon="sparkles"
                title={`No earnings from ${SOURCE_WORDS[source]} yet`}
                description="Try another source, or show them all."
                action={
                  <Button variant="secondary" onClick={() => setSource('all')}>
                    Show all earnings
                  </Button>
                }
              />
            )}
          </Card>
        ) : (
          <>
            <Table caption="Earnings" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
            <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </section>
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
