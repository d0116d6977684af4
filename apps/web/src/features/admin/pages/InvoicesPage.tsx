import { useState } from 'react';
import { formatTokens, formatUsd, type Invoice } from '@cc/contracts';
import {
  Button,
  ButtonLink,
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
import { InvoiceDocument, InvoiceStatusBadge } from '../../../shared/money';
import { PAGE_SIZE } from '../api/adminApi';
import { useSearchAdminInvoicesQuery, type InvoiceStatusFilter } from '../api/adminPaymentsApi';
import { Drawer } from '../components/Drawer';
import { EmailAddress } from '../components/EmailAddress';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { dayParam, MoneyFilterBar, type MoneyTextFilters } from '../components/MoneyFilterBar';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/Payments.css';

const FILTERS: readonly FilterOption<InvoiceStatusFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'charged_back', label: 'Charged back' },
];
const isFilter = (value: string): value is InvoiceStatusFilter => FILTERS.some((option) => option.value === value);

function invoiceColumns(onOpen: (invoice: Invoice) => void): TableColumn<Invoice>[] {
  return [
    {
      key: 'number',
      header: 'Invoice',
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

/** The filters kept in the address, each change going back to page 1. */
function useInvoiceFilters() {
  const [rawStatus, setStatus] = useSearchParam('status', 'all');
  const [q, setQ] = useSearchParam('q');
  const [from, setFrom] = useSearchParam('from');
  const [to, setTo] = useSearchParam('to');
  const status: InvoiceStatusFilter = isFilter(rawStatus) ? rawStatus : 'all';
  const text: MoneyTextFilters = { q, from: dayParam(from), to: dayParam(to) };
  const setters = { q: setQ, from: setFrom, to: setTo };
  return {
    status,
    text,
    setStatus: (next: InvoiceStatusFilter) => setStatus(next, ['page']),
    change: (name: keyof MoneyTextFilters, value: string) => setters[name](value, ['page']),
    clear: () => setQ('', ['status', 'from', 'to', 'page']),
  };
}

/** Admin › Invoices: every invoice issued, newest first, searched by number or buyer; one opens as the member sees it. */
export default function InvoicesPage() {
  const { status, text, setStatus, change, clear } = useInvoiceFilters();
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const [open, setOpen] = useState<Invoice | null>(null);
  const { data, error, isLoading, isError, isFetching, refetch } = useSearchAdminInvoicesQuery(
    { status, ...text, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  const searched = Boolean(text.q || text.from || text.to || status !== 'all');
  const clearAll = () => {
    clear();
    setClears((n) => n + 1);
  };
  return (
    <>
      <PageHeader title="Invoices" description="One invoice per paid purchase, numbered in order. Open one to see it as the member does." />
      <div className="admin-money-filters">
        <FilterTabs label="Invoice status" options={FILTERS} value={status} onChange={setStatus} />
        <MoneyFilterBar
          what="invoices"
          placeholder="INV-000012, buyer name or e-mail"
          filters={text}
          otherFilter={status !== 'all'}
          onChange={change}
          onClear={clearAll}
          clears={clears}
        />
      </div>
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading invoices" />
      ) : isError ? (
        <ListError what="invoices" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {searched ? (
            <EmptyState
              icon="file"
              title={text.q ? `No invoices match “${text.q}”` : 'No invoices match these filters'}
              description="Search looks at invoice numbers and buyers' names and e-mails. Check the spelling, widen the days or pick another status."
              action={
                <Button variant="secondary" onClick={clearAll}>
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
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-money-table admin-money-table--invoices">
            <Table caption="Invoices" columns={invoiceColumns(setOpen)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <Drawer
        open={open !== null}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={open ? `Invoice ${open.number}` : 'Invoice'}
        footer={
          open ? (
            <ButtonLink to={`/invoices/${open._id}`} variant="secondary">
              Open printable page
            </ButtonLink>
          ) : undefined
        }
      >
        {open ? <InvoiceDocument invoice={open} /> : null}
      </Drawer>
    </>
  );
}
