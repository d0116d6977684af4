import { Link } from 'react-router';
import type { Invoice } from '@cc/contracts';
import { ButtonLink, EmptyState, ListView, PageHeader, Pager, Table, type TableColumn } from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListInvoicesQuery } from '../api/walletApi';
import { InvoiceStatusBadge, sumTokens } from '../../../shared/money';
import { usePage } from '../../../shared/hooks/usePage';
import { cardLabel, formatDay, formatTokens, formatUsd } from '../lib/format';

const COLUMNS: readonly TableColumn<Invoice>[] = [
  { key: 'number', header: 'Invoice', cell: (row) => <Link to={`/invoices/${row._id}`}>{row.number}</Link> },
  { key: 'date', header: 'Date', cell: (row) => <time dateTime={row.issuedAt}>{formatDay(row.issuedAt)}</time> },
  { key: 'package', header: 'Package', cell: (row) => row.packageName },
  { key: 'tokens', header: 'Tokens', align: 'end', cell: (row) => formatTokens(row.tokens) },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatUsd(row.amountCents) },
  { key: 'card', header: 'Card', cell: (row) => cardLabel(row.cardBrand, row.cardLast4) },
  { key: 'status', header: 'Status', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
];

/** What the paid invoices listed here add up to (a refunded one gave its money back). */
function PageTotal({ rows }: { rows: readonly Invoice[] }) {
  const paid = rows.filter((row) => row.status === 'paid');
  return (
    <div className="money-total" aria-label="Totals of the invoices shown">
      <span className="money-total__item">
        Total invoiced (paid invoices shown) <strong>{formatUsd(paid.reduce((sum, row) => sum + row.amountCents, 0))}</strong>
      </span>
      <span className="money-total__item">
        Tokens bought <strong>{formatTokens(sumTokens(paid.map((row) => row.tokens)))}</strong>
      </span>
    </div>
  );
}

/** /invoices: one invoice per paid purchase; each opens as a printable page. */
export default function InvoicesPage() {
  const [page, setPage] = usePage();
  const query = useListInvoicesQuery({ limit: MONEY_PAGE_SIZE, skip: (page - 1) * MONEY_PAGE_SIZE });
  return (
    <>
      <PageHeader title="Invoices" description="One invoice for every paid purchase. Open one to print it or save it as a PDF." />
      <ListView
        query={query}
        what="your invoices"
        columns={7}
        empty={
          <EmptyState
            icon="file"
            title="No invoices yet"
            description="Each token purchase comes with an invoice you can print. Buy a package to get your first one."
            action={<ButtonLink to="/tokens">Buy tokens</ButtonLink>}
          />
        }
      >
        {(data) => (
          <>
            <Table caption="Invoices" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
            <PageTotal rows={data.items} />
            <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </>
  );
}
