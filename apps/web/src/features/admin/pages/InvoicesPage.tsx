import { useState } from 'react';
import { formatTokens, formatUsd, type Invoice } from '@cc/contracts';
import {
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
import { PAGE_SIZE, useListAdminInvoicesQuery } from '../api/adminApi';
import { Drawer } from '../components/Drawer';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam } from '../hooks/useSearchParam';
import { EmailAddress } from '../components/EmailAddress';

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
    { key: 'package', header: 'Package', wrap: true, cell: (row) => row.packageName },
    { key: 'tokens', header: 'Tokens', align: 'end', cell: (row) => formatTokens(row.tokens) },
    { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatUsd(row.amountCents) },
    { key: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  ];
}

/** Admin › Invoices: every invoice issued, newest first; one opens as the member sees it. */
export default function InvoicesPage() {
  const [page, setPage] = usePageParam();
  const [open, setOpen] = useState<Invoice | null>(null);
  const { data, error, isLoading, isError, isFetching, refetch } = useListAdminInvoicesQuery({
    limit: PAGE_SIZE,
    skip: (page - 1) * PAGE_SIZE,
  });
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  return (
    <>
      <PageHeader title="Invoices" description="One invoice per paid purchase, numbered in order. Open one to see it as the member does." />
      {isLoading ? (
        <TableSkeleton columns={7} label="Loading invoices" />
      ) : isError ? (
        <ListError what="invoices" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon="file"
            title="No invoices yet"
            description="An invoice is issued for every paid purchase. They appear here as soon as members buy tokens."
          />
        </Card>
      ) : data ? (
        <>
          <Table caption="Invoices" columns={invoiceColumns(setOpen)} rows={data.items} rowKey={(row) => row._id} />
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
