import type { Earning } from '@cc/contracts';
import { Button, ButtonLink, Card, EmptyState, Pager, Table, TableSkeleton, type TableColumn } from '../../../shared/ui';
import { TipNote, When } from '../../../shared/money';
import { MONEY_PAGE_SIZE, type EarningSource } from '../api/walletApi';
import { SOURCE_FILTERS, type SourceFilter } from '../hooks/useEarningsView';
import { EARNING_SOURCE, formatTokens } from '../lib/format';
import { Segmented } from './Segmented';

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

const SOURCE_WORDS: Record<EarningSource, string> = { message: 'messages', tip: 'tips', item: 'item sales', call: 'calls' };

type Props = {
  /** The page of earnings, or nothing while loading or after a failure. */
  items: readonly Earning[] | undefined;
  count: number;
  loading: boolean;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
  source: SourceFilter;
  onSource: (source: SourceFilter) => void;
};

/** "Every earning": the table of earnings with their commission, filtered by source, a page at a time. */
export function EarningsList({ items, count, loading, fetching, page, onPage, source, onSource }: Props) {
  return (
    <section className="earnings-list" aria-labelledby="earnings-list-title">
      <div className="earnings-list__head">
        <h2 id="earnings-list-title" className="earnings-list__title">
          Every earning
        </h2>
        <Segmented label="Show earnings from" options={SOURCE_FILTERS} value={source} onChange={onSource} />
      </div>
      {loading ? (
        <TableSkeleton columns={6} label="Loading your earnings" />
      ) : !items ? (
        <Pager page={1} pageSize={MONEY_PAGE_SIZE} total={0} onPage={() => undefined} />
      ) : items.length === 0 ? (
        <Card>
          <NoEarnings source={source} onShowAll={() => onSource('all')} />
        </Card>
      ) : (
        <>
          <Table caption="Earnings" columns={COLUMNS} rows={items} rowKey={(row) => row._id} />
          <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={count} onPage={onPage} busy={fetching} />
        </>
      )}
    </section>
  );
}

/** None at all (and how to start earning), or none from the chosen source. */
function NoEarnings({ source, onShowAll }: { source: SourceFilter; onShowAll: () => void }) {
  return source === 'all' ? (
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
        <Button variant="secondary" onClick={onShowAll}>
          Show all earnings
        </Button>
      }
    />
  );
}
