import { useState } from 'react';
import { formatTokens, formatUsd, type AdminPayment } from '@cc/contracts';
import {
  Button,
  Card,
  EmptyState,
  ListError,
  PageHeader,
  Pager,
  RelativeTime,
  Table,
  type TableColumn,
  TableSkeleton,
} from '../../../shared/ui';
import { cardLabel, PaymentStatusBadge } from '../../../shared/money';
import { PAGE_SIZE } from '../api/adminApi';
import { useSearchAdminPaymentsQuery, type PaymentStatusFilter } from '../api/adminPaymentsApi';
import { ClampedText } from '../components/ClampedText';
import { EmailAddress } from '../components/EmailAddress';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { dayParam, MoneyFilterBar, type MoneyTextFilters } from '../components/MoneyFilterBar';
import { PaymentDrawer } from '../components/PaymentDrawer';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/Payments.css';

const FILTERS: readonly FilterOption<PaymentStatusFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Paid' },
  { value: 'held', label: 'Under review' },
  { value: 'pending', label: 'Processing' },
  { value: 'declined', label: 'Declined' },
  { value: 'error', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'charged_back', label: 'Charged back' },
];
const isFilter = (value: string): value is PaymentStatusFilter => FILTERS.some((option) => option.value === value);

function paymentColumns(onOpen: (payment: AdminPayment) => void): TableColumn<AdminPayment>[] {
  return [
    {
      key: 'payment',
      header: 'Payment',
      wrap: true,
      cell: (row) => (
        <div className="admin-payment-open">
          <button
            type="button"
            className="admin-link-button"
            onClick={() => onOpen(row)}
            aria-label={`Open ${row.packageName} payment by ${row.user.name}`}
          >
            {row.packageName}
          </button>
          <span className="admin-person__sub">
            <RelativeTime iso={row.createdAt} />
          </span>
        </div>
      ),
    },
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
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (row) => (
        <div className="admin-person__text">
          <span>{formatUsd(row.amountCents)}</span>
          <span className="admin-person__sub">
            <span>{formatTokens(row.tokens)}</span> tokens
          </span>
        </div>
      ),
    },
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
}

/** The filters kept in the address (see hooks/useSearchParam), each change going back to page 1. */
function usePaymentFilters() {
  const [rawStatus, setStatus] = useSearchParam('status', 'all');
  const [q, setQ] = useSearchParam('q');
  const [from, setFrom] = useSearchParam('from');
  const [to, setTo] = useSearchParam('to');
  const status: PaymentStatusFilter = isFilter(rawStatus) ? rawStatus : 'all';
  const text: MoneyTextFilters = { q, from: dayParam(from), to: dayParam(to) };
  const setters = { q: setQ, from: setFrom, to: setTo };
  return {
    status,
    text,
    setStatus: (next: PaymentStatusFilter) => setStatus(next, ['page']),
    change: (name: keyof MoneyTextFilters, value: string) => setters[name](value, ['page']),
    clear: () => setQ('', ['status', 'from', 'to', 'page']),
  };
}

/**
 * Admin › Payments: every card payment, newest first, searched by member, provider transaction id
 * or invoice number, by status and by day. A payment opens in a drawer where an approved one can be
 * refunded or its chargeback recorded (docs/product.md#refunds-and-chargebacks).
 */
export default function PaymentsPage() {
  const { status, text, setStatus, change, clear } = usePaymentFilters();
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const [opened, setOpened] = useState<AdminPayment | null>(null);
  const { data, error, isLoading, isError, isFetching, refetch } = useSearchAdminPaymentsQuery(
    { status, ...text, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  const filterLabel = FILTERS.find((option) => option.value === status)?.label.toLowerCase() ?? '';
  const searched = Boolean(text.q || text.from || text.to);
  const clearAll = () => {
    clear();
    setClears((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Payments"
        description="Every card payment on the site. Declined and failed ones charged nothing; held ones wait for review at the provider. Open a payment to refund it or record a chargeback."
      />
      <div className="admin-money-filters">
        <FilterTabs label="Payment status" options={FILTERS} value={status} onChange={setStatus} />
        <MoneyFilterBar
          what="payments"
          placeholder="Member, transaction id or INV-000012"
          filters={text}
          otherFilter={status !== 'all'}
          onChange={change}
          onClear={clearAll}
          clears={clears}
        />
      </div>
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading payments" />
      ) : isError ? (
        <ListError what="payments" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {searched ? (
            <EmptyState
              icon="store"
              title={text.q ? `No payments match “${text.q}”` : 'No payments on those days'}
              description="Search looks at members' names, e-mails and usernames, provider transaction ids and invoice numbers. Check the spelling or widen the days."
              action={
                <Button variant="secondary" onClick={clearAll}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon="store"
              title={status === 'all' ? 'No payments yet' : `No ${filterLabel} payments`}
              description={
                status === 'all'
                  ? 'Payments appear here as soon as members buy tokens. Make sure there is a package on sale.'
                  : 'Pick another status above, or “All” to see every payment.'
              }
            />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-money-table admin-money-table--payments">
            <Table caption="Payments" columns={paymentColumns(setOpened)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <PaymentDrawer payment={opened} onClose={() => setOpened(null)} />
    </>
  );
}
