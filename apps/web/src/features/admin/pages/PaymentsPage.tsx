import { formatTokens, formatUsd, type AdminPayment } from '@cc/contracts';
import { Card, EmptyState, ListError, PageHeader, Pager, RelativeTime, Table, type TableColumn, TableSkeleton } from '../../../shared/ui';
import { cardLabel, PaymentStatusBadge } from '../../../shared/money';
import { PAGE_SIZE, useListAdminPaymentsQuery, type PaymentsFilter } from '../api/adminApi';
import { ClampedText } from '../components/ClampedText';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import { EmailAddress } from '../components/EmailAddress';

const FILTERS: readonly FilterOption<PaymentsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Paid' },
  { value: 'held', label: 'Under review' },
  { value: 'pending', label: 'Processing' },
  { value: 'declined', label: 'Declined' },
  { value: 'error', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

const COLUMNS: readonly TableColumn<AdminPayment>[] = [
  { key: 'date', header: 'Date', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  {
    key: 'member',
    header: 'Member',
    wrap: true,
    cell: (row) => (
      <div className="admin-person__text">
        <span className="admin-person__name">{row.user.name}</span>
        <span className="admin-person__sub">
          <EmailAddress address={row.user.email} />
        </span>
      </div>
    ),
  },
  { key: 'package', header: 'Package', wrap: true, cell: (row) => row.packageName },
  { key: 'tokens', header: 'Tokens', align: 'end', cell: (row) => formatTokens(row.tokens) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatUsd(row.amountCents) },
  { key: 'card', header: 'Card', cell: (row) => cardLabel(row.cardBrand, row.cardLast4) },
  { key: 'status', header: 'Status', cell: (row) => <PaymentStatusBadge status={row.status} /> },
  {
    key: 'detail',
    header: 'Provider reference',
    wrap: true,
    cell: (row) =>
      row.failureMessage ? (
        <ClampedText text={row.failureMessage} what="message" className="admin-cell-error" />
      ) : (
        <span className="admin-mono" title={`${row.provider}`}>
          {row.providerTransactionId ?? '—'}
        </span>
      ),
  },
];

const isFilter = (value: string): value is PaymentsFilter => FILTERS.some((option) => option.value === value);

/** Admin › Payments: every card payment, newest first, filtered by status. */
export default function PaymentsPage() {
  const [rawStatus, setStatus] = useSearchParam('status', 'all');
  const status = isFilter(rawStatus) ? rawStatus : 'all';
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isError, isFetching, refetch } = useListAdminPaymentsQuery({
    status,
    limit: PAGE_SIZE,
    skip: (page - 1) * PAGE_SIZE,
  });
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  const filterLabel = FILTERS.find((option) => option.value === status)?.label.toLowerCase() ?? '';

  return (
    <>
      <PageHeader
        title="Payments"
        description="Every card payment on the site. Declined and failed ones charged nothing; held ones wait for review at the provider."
      />
      <FilterTabs label="Payment status" options={FILTERS} value={status} onChange={(next) => setStatus(next, ['page'])} />
      {isLoading ? (
        <TableSkeleton columns={8} label="Loading payments" />
      ) : isError ? (
        <ListError what="payments" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon="store"
            title={status === 'all' ? 'No payments yet' : `No ${filterLabel} payments`}
            description={
              status === 'all'
                ? 'Payments appear here as soon as members buy tokens. Make sure there is a package on sale.'
                : 'Pick another status above, or “All” to see every payment.'
            }
          />
        </Card>
      ) : data ? (
        <>
          <Table caption="Payments" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
    </>
  );
}
