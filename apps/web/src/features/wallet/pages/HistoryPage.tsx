import { Link } from 'react-router';
import type { Payment } from '@cc/contracts';
import { ButtonLink, EmptyState, ListView, PageHeader, Pager, Table, type TableColumn } from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListPaymentsQuery } from '../api/walletApi';
import { usePage } from '../../../shared/hooks/usePage';
import { cardLabel, formatTokens, formatUsd } from '../lib/format';
import { PaymentStatusBadge, sumTokens, When } from '../../../shared/money';

const COLUMNS: readonly TableColumn<Payment>[] = [
  { key: 'date', header: 'Date', cell: (row) => <When iso={row.createdAt} /> },
  { key: 'package', header: 'Package', cell: (row) => row.packageName },
  { key: 'tokens', header: 'Tokens', align: 'end', cell: (row) => formatTokens(row.tokens) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatUsd(row.amountCents) },
  { key: 'card', header: 'Card', cell: (row) => cardLabel(row.cardBrand, row.cardLast4) },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="payment-status" title={row.failureMessage ?? undefined}>
        <PaymentStatusBadge status={row.status} />
        {row.refundedCents !== null ? <span className="muted text-sm">{formatUsd(row.refundedCents)} back to your card</span> : null}
      </span>
    ),
  },
  {
    key: 'invoice',
    header: 'Invoice',
    cell: (row) => (row.invoiceId ? <Link to={`/invoices/${row.invoiceId}`}>View invoice</Link> : <span className="muted">—</span>),
  },
];

/**
 * What the approved payments listed here add up to (declined ones charged nothing); one refunded in
 * part counts for what it still paid and the tokens it still bought.
 */
function PageTotal({ rows }: { rows: readonly Payment[] }) {
  const paid = rows.filter((row) => row.status === 'approved' || row.status === 'partially_refunded');
  const cents = paid.reduce((sum, row) => sum + row.amountCents - (row.refundedCents ?? 0), 0);
  // Summed in hundredths, the refunded tokens counted negative, so no float is left over.
  const tokens = sumTokens(paid.flatMap((row) => [row.tokens, -(row.refundedTokens ?? 0)]));
  return (
    <div className="money-total" aria-label="Totals of the payments shown">
      <span className="money-total__item">
        Total paid (approved payments shown) <strong>{formatUsd(cents)}</strong>
      </span>
      <span className="money-total__item">
        Tokens bought <strong>{formatTokens(tokens)}</strong>
      </span>
    </div>
  );
}

/** /tokens/history: every card payment, newest first. */
export default function HistoryPage() {
  const [page, setPage] = usePage();
  const query = useListPaymentsQuery({ limit: MONEY_PAGE_SIZE, skip: (page - 1) * MONEY_PAGE_SIZE });
  return (
    <>
      <PageHeader title="Payments" description="Every card payment you made, newest first. Paid ones have an invoice." />
      <ListView
        query={query}
        what="your payments"
        columns={7}
        empty={
          <EmptyState
            icon="store"
            title="No payments yet"
            description="When you buy tokens, the payment and its invoice show up here."
            action={<ButtonLink to="/tokens">Buy tokens</ButtonLink>}
          />
        }
      >
        {(data) => (
          <>
            <Table caption="Payments" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
            <PageTotal rows={data.items} />
            <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </>
  );
}
