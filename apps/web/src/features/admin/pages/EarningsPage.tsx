import { useState } from 'react';
import { ADMIN_EARNINGS_QUERY_MAX, formatTokens, type AdminEarningRow, type EarningTotals } from '@cc/contracts';
import { SignedTokens, TipNote } from '../../../shared/money';
import {
  Button,
  Card,
  EmptyState,
  ListError,
  PageHeader,
  Pager,
  RelativeTime,
  Select,
  Skeleton,
  Table,
  TableSkeleton,
  TextField,
  type TableColumn,
} from '../../../shared/ui';
import { PAGE_SIZE } from '../api/adminApi';
import { useListAdminEarningsQuery, type EarningsSourceFilter } from '../api/adminEarningsApi';
import { SearchField } from '../components/SearchField';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/AdminEarnings.css';

const SOURCES: readonly { value: EarningsSourceFilter; label: string }[] = [
  { value: 'all', label: 'Every source' },
  { value: 'message', label: 'Messages' },
  { value: 'item', label: 'Items' },
  { value: 'tip', label: 'Tips' },
  { value: 'call', label: 'Calls' },
];
const SOURCE_LABEL: Record<AdminEarningRow['source'], string> = { message: 'Message', item: 'Item', tip: 'Tip', call: 'Call' };
const isSource = (value: string): value is EarningsSourceFilter => SOURCES.some((option) => option.value === value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const TOTALS = [
  { key: 'gross', label: 'Gross', note: 'What members paid' },
  { key: 'commission', label: 'Commission', note: 'Kept by the site' },
  { key: 'net', label: 'Net', note: "Models' earnings" },
] as const;

/** Gross, commission and net of every row the filters match (not only this page). */
function EarningsTotalsCards({ totals }: { totals: EarningTotals | undefined }) {
  return (
    <div className="admin-earnings-totals" role="group" aria-label="Totals of the filtered earnings">
      {TOTALS.map((card) => (
        <Card key={card.key} className={`admin-earnings-total admin-earnings-total--${card.key}`}>
          <p className="admin-earnings-total__label">{card.label}</p>
          {totals === undefined ? (
            <Skeleton height={28} width="60%" />
          ) : (
            <p className="admin-earnings-total__value" data-testid={`earnings-total-${card.key}`}>
              {formatTokens(totals[card.key])} <span className="admin-earnings-total__unit">tokens</span>
            </p>
          )}
          <p className="muted text-sm">{card.note}</p>
        </Card>
      ))}
    </div>
  );
}

const person = (who: { name: string; username: string } | null, missing: string) =>
  who ? (
    <div className="admin-person__text">
      <span>{who.name}</span>
      <span className="admin-person__sub">@{who.username}</span>
    </div>
  ) : (
    <span className="muted">{missing}</span>
  );

const COLUMNS: TableColumn<AdminEarningRow>[] = [
  { key: 'when', header: 'When', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  { key: 'model', header: 'Model', wrap: true, cell: (row) => person(row.model, '—') },
  {
    key: 'source',
    header: 'Source',
    wrap: true,
    cell: (row) => (
      <div className="admin-earning-source">
        <span>{row.gross < 0 ? `${SOURCE_LABEL[row.source]} refund` : SOURCE_LABEL[row.source]}</span>
        {row.note ? <TipNote note={row.note} className="admin-person__sub" /> : null}
      </div>
    ),
  },
  { key: 'payer', header: 'Paid by', wrap: true, cell: (row) => person(row.payer, 'Deleted account') },
  { key: 'gross', header: 'Gross', align: 'end', cell: (row) => <SignedTokens amount={row.gross} /> },
  { key: 'commission', header: 'Commission', align: 'end', cell: (row) => <SignedTokens amount={row.commission} /> },
  { key: 'net', header: 'Net', align: 'end', cell: (row) => <SignedTokens amount={row.net} /> },
];

/**
 * Admin › Earnings: every model's earnings, one row per sale and a negative row per refund, newest
 * first, by model, source and days, with the totals of the filtered set above
 * (docs/product.md#earnings-for-administrators).
 */
export default function EarningsPage() {
  const [q, setQ] = useSearchParam('q');
  const [rawSource, setSource] = useSearchParam('source', 'all');
  const source: EarningsSourceFilter = isSource(rawSource) ? rawSource : 'all';
  const [rawFrom, setFrom] = useSearchParam('from');
  const [rawTo, setTo] = useSearchParam('to');
  const [from, to] = [isDay(rawFrom) ? rawFrom : '', isDay(rawTo) ? rawTo : ''];
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const backwards = from !== '' && to !== '' && to < from;
  const { data, error, isLoading, isFetching, isError, refetch } = useListAdminEarningsQuery(
    // A backwards range would only answer nothing; the field says why instead.
    { q, source, from, to: backwards ? '' : to, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);

  const filtered = q !== '' || source !== 'all' || from !== '' || to !== '';
  const clearAll = () => {
    setQ('', ['source', 'from', 'to', 'page']);
    setClears((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Earnings"
        description="What every model earned, one row per sale, newest first. A refund shows as a negative row, so the totals are what was kept."
      />
      <div className="admin-earnings-filters" role="search" aria-label="Filter earnings">
        <div className="admin-earnings-filters__search">
          <SearchField
            clears={clears}
            label="Search models"
            placeholder="Model name or username"
            initial={q}
            maxLength={ADMIN_EARNINGS_QUERY_MAX}
            onSearch={(next) => {
              if (next !== q) setQ(next, ['page']);
            }}
          />
        </div>
        <Select
          className="admin-earnings-filters__source"
          label="Source"
          options={SOURCES}
          value={source}
          onChange={(event) => setSource(event.target.value === 'all' ? '' : event.target.value, ['page'])}
        />
        <TextField
          className="admin-earnings-filters__day"
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value, ['page'])}
        />
        <TextField
          className="admin-earnings-filters__day"
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          error={backwards ? 'Pick a day on or after “From”.' : undefined}
          onChange={(event) => setTo(event.target.value, ['page'])}
        />
        {filtered ? (
          <Button className="admin-earnings-filters__clear" variant="ghost" onClick={clearAll}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <EarningsTotalsCards totals={isError ? undefined : data?.totals} />
      {isLoading ? (
        <TableSkeleton columns={7} label="Loading earnings" />
      ) : isError ? (
        <ListError what="earnings" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon="coin"
              title="No earnings match these filters"
              description="Search looks at models' names and usernames. Try another source, a wider range of days, or clear the filters."
              action={
                <Button variant="secondary" onClick={clearAll}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon="coin"
              title="No earnings yet"
              description="When a member pays a model for a message, an item, a tip or a call, the sale appears here."
            />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-earnings-table">
            <Table caption="Earnings" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
    </>
  );
}
