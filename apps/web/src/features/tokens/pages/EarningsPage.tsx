import type { Earning, EarningTotals } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, Card, EmptyState, ListView, PageHeader, Pager, Skeleton, Table, type TableColumn } from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListEarningsQuery } from '../api/tokensApi';
import { usePage } from '../../../shared/hooks/usePage';
import { EARNING_SOURCE, formatTokens } from '../lib/format';
import { TipNote, When } from '../../../shared/money';
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

function TotalsCards({ totals }: { totals: EarningTotals | undefined }) {
  const cards = [
    { key: 'gross', label: 'Gross', value: totals?.gross, note: 'What members paid' },
    { key: 'commission', label: 'Site commission', value: totals?.commission, note: 'Kept by the site' },
    { key: 'net', label: 'Net earnings', value: totals?.net, note: 'Added to your balance' },
  ];
  return (
    <div className="earnings-totals">
      {cards.map((card) => (
        <Card key={card.key} className={card.key === 'net' ? 'earnings-total earnings-total--net' : 'earnings-total'}>
          <p className="earnings-total__label">{card.label}</p>
          {card.value === undefined ? (
            <Skeleton height={32} width="60%" />
          ) : (
            <p className="earnings-total__value">
              {formatTokens(card.value)} <span className="earnings-total__unit">tokens</span>
            </p>
          )}
          <p className="muted text-sm">{card.note}</p>
        </Card>
      ))}
    </div>
  );
}

function ModelEarnings() {
  const [page, setPage] = usePage();
  const query = useListEarningsQuery({ limit: MONEY_PAGE_SIZE, skip: (page - 1) * MONEY_PAGE_SIZE });
  return (
    <>
      {/* A failed load shows zero totals, never stale figures (docs/product.md#client-rules). */}
      <TotalsCards totals={query.isError ? { gross: 0, commission: 0, net: 0 } : query.data?.totals} />
      <ListView
        query={query}
        what="your earnings"
        columns={6}
        empty={
          <EmptyState
            icon="sparkles"
            title="No earnings yet"
            description="You earn when members pay for your messages, buy your items, tip you or call you. Set your price per message to get started."
            action={<ButtonLink to="/account/profile">Set my price</ButtonLink>}
          />
        }
      >
        {(data) => (
          <>
            <Table caption="Earnings" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
            <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </>
  );
}

/** /earnings (models): totals over everything, then each earning with its commission. */
export default function EarningsPage() {
  const user = useAppSelector(selectCurrentUser);
  const isModel = user?.type === 'model';
  return (
    <>
      <PageHeader title="Earnings" description="What you earned from messages, items, tips and calls, after the site's commission." />
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
