import type { AuditEntry } from '@cc/contracts';
import { Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useListAuditQuery } from '../api/adminAuditApi';
import { AuditChanges } from '../components/AuditChanges';
import { actionLabel, shortId, targetLabel } from '../components/auditEntry';
import { AUDIT_FILTERS, AuditFilterBar } from '../components/AuditFilterBar';
import { EmailAddress } from '../../shared/components/EmailAddress';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/AuditLog.css';

const COLUMNS: readonly TableColumn<AuditEntry>[] = [
  { key: 'when', header: 'When', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  {
    key: 'actor',
    header: 'Administrator',
    label: 'By',
    wrap: true,
    // One element: on phones the cell is a grid of its label and its content.
    cell: (row) => (
      <span>
        <EmailAddress address={row.actorEmail} />
      </span>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    wrap: true,
    cell: (row) => (
      <div className="audit-cell">
        {actionLabel(row.action) !== row.action ? <span className="audit-cell__label">{actionLabel(row.action)}</span> : null}
        <span className="audit-cell__raw audit-cell__raw--whole">{row.action}</span>
      </div>
    ),
  },
  {
    key: 'target',
    header: 'Target',
    cell: (row) => (
      <div className="audit-cell">
        <span>{targetLabel(row.targetType)}</span>
        {row.targetId ? (
          <span className="audit-cell__raw" title={row.targetId}>
            {shortId(row.targetId)}
          </span>
        ) : null}
      </div>
    ),
  },
  { key: 'changes', header: 'Changes', wrap: true, cell: (row) => <AuditChanges entry={row} /> },
  {
    key: 'ip',
    header: 'From',
    wrap: true,
    cell: (row) => (row.ip ? <span className="audit-cell__raw audit-ip">{row.ip}</span> : <span className="muted">—</span>),
  },
];

/**
 * Admin › Audit log: every administrator action, newest first, with what it changed. Read fresh
 * each time it opens, and after any admin action (the 'AdminAudit' tag), since rows arrive from
 * every administrator's work.
 */
export default function AuditLogPage() {
  const filters = useListFilters(AUDIT_FILTERS);
  const paging = useListPaging();
  const query = useListAuditQuery({ ...filters.values, ...paging.args }, { refetchOnMountOrArgChange: true });
  const { isFetching, isLoading, refetch } = query;

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Audit log"
          description="Every change an administrator made — who, what, the fields before and after, and from which address — newest first. Nobody can edit or delete these rows."
          actions={
            <Button variant="secondary" onClick={refetch} loading={isFetching && !isLoading} disabled={isLoading}>
              Refresh
            </Button>
          }
        />
      }
      filters={<AuditFilterBar filters={filters} />}
      what="the audit log"
      query={query}
      paging={paging}
      caption="Audit log"
      columns={COLUMNS}
      tableClass="audit-table"
      empty={
        filters.filtered ? (
          <EmptyState
            icon="shield"
            title="No administrator actions match"
            description="Try another action, a wider range of days or fewer words, or clear the filters to see everything."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon="shield"
            title="No administrator actions yet"
            description="Approvals, suspensions, balance adjustments, settings and every other change an administrator makes are recorded here as they happen."
          />
        )
      }
    />
  );
}
