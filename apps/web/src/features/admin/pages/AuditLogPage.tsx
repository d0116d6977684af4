import { useState } from 'react';
import type { AuditEntry } from '@cc/contracts';
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
import { PAGE_SIZE, useListAuditQuery, type AuditFilters } from '../api/adminApi';
import { AuditChanges } from '../components/AuditChanges';
import { actionLabel, isActionFamily, shortId, targetLabel } from '../components/auditEntry';
import { AuditFilterBar } from '../components/AuditFilterBar';
import { EmailAddress } from '../components/EmailAddress';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/AuditLog.css';

const COLUMNS: readonly TableColumn<AuditEntry>[] = [
  { key: 'when', header: 'When', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  {
    key: 'actor',
    header: 'Administrator',
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

/** A day from the address, or nothing: a mistyped link must not turn the whole page into a 422. */
const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The filters kept in the address (see hooks/useSearchParam), each setter going back to page 1. */
function useAuditFilters() {
  const [q, setQ] = useSearchParam('q');
  const [action, setAction] = useSearchParam('action');
  const [from, setFrom] = useSearchParam('from');
  const [to, setTo] = useSearchParam('to');
  const filters: AuditFilters = { q, action: isActionFamily(action) ? action : '', from: day(from), to: day(to) };
  const setters = { q: setQ, action: setAction, from: setFrom, to: setTo };
  const change = (name: keyof AuditFilters, value: string) => setters[name](value, ['page']);
  const clear = () => setQ('', ['action', 'from', 'to', 'page']);
  return { filters, change, clear };
}

/**
 * Admin › Audit log: every administrator action, newest first, with what it changed. Read fresh
 * each time it opens, and after any admin action (the 'AdminAudit' tag), since rows arrive from
 * every administrator's work.
 */
export default function AuditLogPage() {
  const { filters, change, clear } = useAuditFilters();
  const [page, setPage] = usePageParam();
  // The search box keeps its own text while typing: each "Clear filters" tells it to empty.
  const [clears, setClears] = useState(0);
  const clearAll = () => {
    clear();
    setClears((n) => n + 1);
  };
  const { data, error, isLoading, isError, isFetching, refetch } = useListAuditQuery(
    { ...filters, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change an administrator made — who, what, the fields before and after, and from which address — newest first. Nobody can edit or delete these rows."
        actions={
          <Button variant="secondary" onClick={refetch} loading={isFetching && !isLoading} disabled={isLoading}>
            Refresh
          </Button>
        }
      />
      <AuditFilterBar filters={filters} onChange={change} onClear={clearAll} clears={clears} />
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading the audit log" />
      ) : isError ? (
        <ListError what="the audit log" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon="shield"
              title="No administrator actions match"
              description="Try another action, a wider range of days or fewer words, or clear the filters to see everything."
              action={
                <Button variant="secondary" onClick={clearAll}>
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
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table audit-table">
            <Table caption="Audit log" columns={COLUMNS} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
    </>
  );
}
