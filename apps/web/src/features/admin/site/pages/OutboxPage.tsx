import type { OutboxRow } from '@cc/contracts';
import { Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useListOutboxQuery } from '../api/adminSiteApi';
import { ClampedText } from '../../shared/components/ClampedText';
import { MailStatusBadge } from '../../shared/components/StatusBadges';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { useListPaging } from '../../shared/hooks/useListPaging';

const COLUMNS: readonly TableColumn<OutboxRow>[] = [
  {
    key: 'mail',
    header: 'Mail',
    wrap: true,
    label: false,
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
  const paging = useListPaging();
  const query = useListOutboxQuery(paging.args);
  const { isFetching, isLoading, refetch } = query;

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Mail outbox"
          description="Every e-mail the site sends — codes, approvals, password resets — newest first. Bodies are never shown: they can hold sign-in codes."
          actions={
            <Button variant="secondary" onClick={refetch} loading={isFetching && !isLoading} disabled={isLoading}>
              Refresh
            </Button>
          }
        />
      }
      what="the mail outbox"
      loadingLabel="Loading mail"
      query={query}
      paging={paging}
      caption="Mail outbox"
      columns={COLUMNS}
      empty={
        <EmptyState
          icon="mail"
          title="No mail yet"
          description="Mail appears here as soon as the site queues it, for example when someone registers or asks for a new password."
        />
      }
    />
  );
}
