import type { OutboxRow } from '@cc/contracts';
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
import { PAGE_SIZE, useListOutboxQuery } from '../api/adminApi';
import { ClampedText } from '../components/ClampedText';
import { MailStatusBadge } from '../components/StatusBadges';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam } from '../hooks/useSearchParam';

const COLUMNS: readonly TableColumn<OutboxRow>[] = [
  {
    key: 'mail',
    header: 'Mail',
    wrap: true,
    cell: (row) => (
      <div className="admin-person__text admin-mail">
        <span className="admin-person__name">{row.subject}</span>
        <span className="admin-person__sub">to {row.to}</span>
      </div>
    ),
  },
  { key: 'template', header: 'Template', cell: (row) => <span className="admin-mono">{row.template}</span> },
  { key: 'status', header: 'Status', cell: (row) => <MailStatusBadge status={row.status} /> },
  { key: 'attempts', header: 'Attempts', align: 'end', cell: (row) => row.attempts },
  { key: 'created', header: 'Created', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  { key: 'sent', header: 'Sent', cell: (row) => <RelativeTime iso={row.sentAt} /> },
  {
    key: 'error',
    header: 'Last error',
    wrap: true,
    cell: (row) =>
      row.lastError ? <ClampedText text={row.lastError} what="error" className="admin-cell-error" /> : <span className="muted">—</span>,
  },
];

/** Admin › Mail outbox: what the site sent or is about to send, newest first (never the bodies). */
export default function OutboxPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isError, isFetching, refetch } = useListOutboxQuery({ limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);

  return (
    <>
      <PageHeader
        title="Mail outbox"
        description="Every e-mail the site sends — codes, approvals, password resets — newest first. Bodies are never shown: they can hold sign-in codes."
        actions={
          <Button variant="secondary" onClick={refetch} loading={isFetching && !isLoading} disabled={isLoading}>
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <TableSkeleton columns={8} label="Loading mail" />
      ) : isError ? (
        <ListError what="the mail outbox" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon="mail"
            title="No mail yet"
            description="Mail appears here as soon as the site queues it, for example when someone registers or asks for a new password."
          />
        </Card>
      ) : data ? (
        <>
          <Table caption="Mail outbox" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
    </>
  );
}
