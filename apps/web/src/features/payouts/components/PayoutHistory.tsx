import type { PayoutRequest } from '@cc/contracts';
import { EmptyState, ListView, Pager, Table, type TableColumn } from '../../../shared/ui';
import { When } from '../../../shared/money';
import { usePage } from '../../../shared/hooks/usePage';
import { PAYOUT_PAGE_SIZE, useListPayoutRequestsQuery } from '../api/payoutsApi';
import { PayoutStatusBadge } from '../../../shared/money';
import { formatTokens, lastDecision, payoutAccountLabel, payoutMoney } from '../lib/format';

const COLUMNS: readonly TableColumn<PayoutRequest>[] = [
  { key: 'requested', header: 'Requested', cell: (row) => <When iso={row.createdAt} /> },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (row) => (
      <span className="payout-amount">
        <strong className="money-amount">{formatTokens(row.token)}</strong>
        {payoutMoney(row) ? <span className="payout-amount__money">{payoutMoney(row)}</span> : null}
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (row) => <PayoutStatusBadge status={row.status} /> },
  { key: 'account', header: 'Paid to', wrap: true, cell: (row) => payoutAccountLabel(row.payoutAccount) },
  {
    key: 'decided',
    header: 'Decided',
    cell: (row) => {
      const decision = lastDecision(row);
      return decision ? (
        <span className="payout-decided">
          {decision.label} <When iso={decision.at} />
        </span>
      ) : (
        <span className="muted">Waiting</span>
      );
    },
  },
  {
    key: 'note',
    header: 'Note',
    wrap: true,
    cell: (row) =>
      row.note || row.reference ? (
        <span className="payout-note">
          {row.reference ? <span className="payout-note__reference">Reference: {row.reference}</span> : null}
          {row.note ? <span>{row.note}</span> : null}
        </span>
      ) : (
        <span className="muted">—</span>
      ),
  },
];

/** Every payout request, newest first; a new one appears at the top as soon as it is made. */
export function PayoutHistory() {
  const [page, setPage] = usePage();
  const query = useListPayoutRequestsQuery({ limit: PAYOUT_PAGE_SIZE, skip: (page - 1) * PAYOUT_PAGE_SIZE });
  return (
    <section className="payout-history" aria-labelledby="payout-history-title">
      <h2 id="payout-history-title" className="payout-history__title">
        Payout history
      </h2>
      <ListView
        query={query}
        what="your payouts"
        columns={COLUMNS.length}
        empty={
          <EmptyState
            icon="coin"
            title="No payouts yet"
            description="When you request a payout it shows here, and its status follows as an administrator approves and pays it."
          />
        }
      >
        {(data) => (
          <>
            <Table caption="Payout requests" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
            <Pager page={page} pageSize={PAYOUT_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </section>
  );
}
