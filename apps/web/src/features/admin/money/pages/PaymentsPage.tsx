import { formatTokens, formatUsd, type AdminPayment } from '@cc/contracts';
import { Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { cardLabel, PaymentStatusBadge } from '../../../../shared/money';
import { useSearchAdminPaymentsQuery, type PaymentStatusFilter } from '../api/adminPaymentsApi';
import { ClampedText } from '../../shared/components/ClampedText';
import { EmailAddress } from '../../shared/components/EmailAddress';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { MoneyFilterBar, moneyFilters } from '../components/MoneyFilterBar';
import { PaymentDrawer } from '../components/PaymentDrawer';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
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

function paymentColumns(onOpen: (payment: AdminPayment) => void): TableColumn<AdminPayment>[] {
  return [
    {
      key: 'payment',
      header: 'Payment',
      wrap: true,
      label: false,
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
      label: 'Reference',
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

const SPEC = moneyFilters(FILTERS);

/**
 * Admin › Payments: every card payment, newest first, searched by member, provider transaction id
 * or invoice number, by status and by day. A payment opens in a drawer where an approved one can be
 * refunded or its chargeback recorded (docs/product.md#refunds-and-chargebacks).
 */
export default function PaymentsPage() {
  const filters = useListFilters(SPEC);
  const { status, q, from, to } = filters.values;
  const paging = useListPaging();
  const query = useSearchAdminPaymentsQuery({ status, q, from, to, ...paging.args }, { refetchOnMountOrArgChange: true });
  const filterLabel = FILTERS.find((option) => option.value === status)?.label.toLowerCase() ?? '';
  const searched = Boolean(q || from || to);

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Payments"
          description="Every card payment on the site. Declined and failed ones charged nothing; held ones wait for review at the provider. Open a payment to refund it or record a chargeback."
        />
      }
      filters={
        <div className="admin-money-filters">
          <FilterTabs label="Payment status" options={FILTERS} value={status} onChange={(next) => filters.set('status', next)} />
          <MoneyFilterBar what="payments" placeholder="Member, transaction id or INV-000012" filters={filters} />
        </div>
      }
      what="payments"
      query={query}
      paging={paging}
      caption="Payments"
      columns={paymentColumns}
      empty={
        searched ? (
          <EmptyState
            icon="store"
            title={q ? `No payments match “${q}”` : 'No payments on those days'}
            description="Search looks at members' names, e-mails and usernames, provider transaction ids and invoice numbers. Check the spelling or widen the days."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
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
        )
      }
      drawer={({ row, close }) => <PaymentDrawer payment={row} onClose={close} />}
    />
  );
}
