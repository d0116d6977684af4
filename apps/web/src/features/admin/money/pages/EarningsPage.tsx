import { ADMIN_EARNINGS_QUERY_MAX, formatTokens, type AdminEarningRow, type EarningTotals } from '@cc/contracts';
import { SignedTokens, TipNote } from '../../../../shared/money';
import { Button, Card, EmptyState, PageHeader, RelativeTime, Select, Skeleton, type TableColumn } from '../../../../shared/ui';
import { useListAdminEarningsQuery, type EarningsSourceFilter } from '../api/adminEarningsApi';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { ClearFiltersButton, DayRangeFields, isBackwards } from '../../shared/components/DayRangeFields';
import { choiceFilter, dayFilter, textFilter, useListFilters, type ListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/AdminEarnings.css';

const SOURCES: readonly { value: EarningsSourceFilter; label: string }[] = [
  { value: 'all', label: 'Every source' },
  { value: 'message', label: 'Messages' },
  { value: 'item', label: 'Items' },
  { value: 'tip', label: 'Tips' },
  { value: 'call', label: 'Calls' },
];
const SOURCE_LABEL: Record<AdminEarningRow['source'], string> = { message: 'Message', item: 'Item', tip: 'Tip', call: 'Call' };

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

const SPEC = { q: textFilter, source: choiceFilter(SOURCES, 'all'), from: dayFilter, to: dayFilter };

/**
 * Admin › Earnings: every model's earnings, one row per sale and a negative row per refund, newest
 * first, by model, source and days, with the totals of the filtered set above
 * (docs/product.md#earnings-for-administrators).
 */
export default function EarningsPage() {
  const filters = useListFilters(SPEC);
  const { q, source, from, to } = filters.values;
  const backwards = isBackwards(filters.values);
  const paging = useListPaging();
  const query = useListAdminEarningsQuery(
    // A backwards range would only answer nothing; the field says why instead.
    { q, source, from, to: backwards ? '' : to, ...paging.args },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Earnings"
          description="What every model earned, one row per sale, newest first. A refund shows as a negative row, so the totals are what was kept."
        />
      }
      filters={<EarningsFilterBar filters={filters} />}
      notice={<EarningsTotalsCards totals={query.isError ? undefined : query.data?.totals} />}
      what="earnings"
      query={query}
      paging={paging}
      caption="Earnings"
      columns={COLUMNS}
      tableClass="admin-earnings-table"
      empty={
        filters.filtered ? (
          <EmptyState
            icon="coin"
            title="No earnings match these filters"
            description="Search looks at models' names and usernames. Try another source, a wider range of days, or clear the filters."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
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
        )
      }
    />
  );
}

function EarningsFilterBar({ filters }: { filters: ListFilters<typeof SPEC> }) {
  const { source } = filters.values;
  return (
    <div className="admin-earnings-filters" role="search" aria-label="Filter earnings">
      <div className="admin-earnings-filters__search">
        <FilterSearch
          filters={filters}
          name="q"
          label="Search models"
          placeholder="Model name or username"
          maxLength={ADMIN_EARNINGS_QUERY_MAX}
        />
      </div>
      <Select
        className="admin-earnings-filters__source"
        label="Source"
        options={SOURCES}
        value={source}
        onChange={(event) => filters.set('source', event.target.value)}
      />
      <DayRangeFields filters={filters} className="admin-earnings-filters__day" />
      <ClearFiltersButton filters={filters} className="admin-earnings-filters__clear" />
    </div>
  );
}
