import { formatTokens, formatUsd, type Invoice } from '@cc/contracts';
import { Button, ButtonLink, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { InvoiceDocument, InvoiceStatusBadge } from '../../../../shared/money';
import { useSearchAdminInvoicesQuery, type InvoiceStatusFilter } from '../api/adminPaymentsApi';
import { Drawer } from '../../shared/components/Drawer';
import { EmailAddress } from '../../shared/components/EmailAddress';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { MoneyFilterBar, moneyFilters } from '../components/MoneyFilterBar';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/Payments.css';

const FILTERS: readonly FilterOption<InvoiceStatusFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'charged_back', label: 'Charged back' },
];

function invoiceColumns(onOpen: (invoice: Invoice) => void): TableColumn<Invoice>[] {
  return [
    {
      key: 'number',
      header: 'Invoice',
      label: false,
      cell: (row) => (
        <button type="button" className="admin-link-button admin-mono" onClick={() => onOpen(row)}>
          {row.number}
        </button>
      ),
    },
    { key: 'date', header: 'Issued', cell: (row) => <RelativeTime iso={row.issuedAt} /> },
    {
      key: 'buyer',
      header: 'Buyer',
      label: 'Member',
      wrap: true,
      cell: (row) => (
        <div className="admin-person__text">
          <span className="admin-person__name">{row.buyer.name}</span>
          <span className="admin-person__sub">
            <EmailAddress address={row.buyer.email} />
          </span>
        </div>
      ),
    },
    {
      key: 'package',
      header: 'Package',
      wrap: true,
      cell: (row) => (
        <div className="admin-person__text">
          <span>{row.packageName}</span>
          <span className="admin-person__sub">
            <span>{formatTokens(row.tokens)}</span> tokens
          </span>
        </div>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatUsd(row.amountCents) },
    { key: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  ];
}

const SPEC = moneyFilters(FILTERS);

/** Admin › Invoices: every invoice issued, newest first, searched by number or buyer; one opens as the member sees it. */
export default function InvoicesPage() {
  const filters = useListFilters(SPEC);
  const { status, q, from, to } = filters.values;
  const paging = useListPaging();
  const query = useSearchAdminInvoicesQuery({ status, q, from, to, ...paging.args }, { refetchOnMountOrArgChange: true });
  return (
    <AdminListPage
      header={
        <PageHeader
          title="Invoices"
          description="One invoice per paid purchase, numbered in order. Open one to see it as the member does."
        />
      }
      filters={
        <div className="admin-money-filters">
          <FilterTabs label="Invoice status" options={FILTERS} value={status} onChange={(next) => filters.set('status', next)} />
          <MoneyFilterBar what="invoices" placeholder="INV-000012, buyer name or e-mail" filters={filters} />
        </div>
      }
      what="invoices"
      query={query}
      paging={paging}
      caption="Invoices"
      columns={invoiceColumns}
      empty={
        filters.filtered ? (
          <EmptyState
            icon="file"
            title={q ? `No invoices match “${q}”` : 'No invoices match these filters'}
            description="Search looks at invoice numbers and buyers' names and e-mails. Check the spelling, widen the days or pick another status."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon="file"
            title="No invoices yet"
            description="An invoice is issued for every paid purchase. They appear here as soon as members buy tokens."
          />
        )
      }
      drawer={({ row, close }) => <InvoiceDrawer invoice={row} onClose={close} />}
    />
  );
}

function InvoiceDrawer({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  return (
    <Drawer
      open={invoice !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
      footer={
        invoice ? (
          <ButtonLink to={`/invoices/${invoice._id}`} variant="secondary">
            Open printable page
          </ButtonLink>
        ) : undefined
      }
    >
      {invoice ? <InvoiceDocument invoice={invoice} /> : null}
    </Drawer>
  );
}
