import { useState } from 'react';
import type { AdminModelRow } from '@cc/contracts';
import {
  Avatar,
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
import { PAGE_SIZE, useListModelsQuery, type ModelsFilter } from '../api/adminApi';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { ModelDrawer } from '../components/ModelDrawer';
import { ModelStatusBadge } from '../components/StatusBadges';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import { EmailAddress } from '../components/EmailAddress';

const FILTERS: readonly FilterOption<ModelsFilter>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'refused', label: 'Refused' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<ModelsFilter, { title: string; description: string }> = {
  pending: {
    title: 'No models are waiting for review',
    description: 'When a model uploads a verification document it appears here for you to approve or refuse.',
  },
  approved: { title: 'No approved models yet', description: 'Models you approve are listed here; review the pending ones first.' },
  refused: { title: 'No refused models', description: 'Documents you refuse are listed here with the reason you gave.' },
  all: {
    title: 'No models have signed up yet',
    description: 'Models appear here as soon as they register, before they upload a document.',
  },
};

const isFilter = (value: string): value is ModelsFilter => FILTERS.some((f) => f.value === value);

function columns(onReview: (row: AdminModelRow) => void): TableColumn<AdminModelRow>[] {
  return [
    {
      key: 'name',
      header: 'Model',
      wrap: true,
      cell: (row) => (
        <div className="admin-person">
          <Avatar name={row.name} src={row.avatarUrl} size={32} decorative />
          <div className="admin-person__text">
            <button type="button" className="admin-link-button" onClick={() => onReview(row)}>
              {row.name}
            </button>
            <span className="admin-person__sub">@{row.username}</span>
          </div>
        </div>
      ),
    },
    { key: 'email', header: 'E-mail', wrap: true, cell: (row) => <EmailAddress address={row.email} /> },
    { key: 'submitted', header: 'Submitted', cell: (row) => <RelativeTime iso={row.verificationDocument?.submittedAt} /> },
    { key: 'status', header: 'Status', cell: (row) => <ModelStatusBadge status={row.modelStatus} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) => {
        // The visible word starts the accessible name, so voice control finds the button by what it says.
        const verb = row.modelStatus === 'pending' ? 'Review' : 'View';
        return (
          <Button
            size="sm"
            variant={verb === 'Review' ? 'primary' : 'secondary'}
            onClick={() => onReview(row)}
            aria-label={`${verb} ${row.name}`}
          >
            {verb}
          </Button>
        );
      },
    },
  ];
}

/** Admin › Models: the review queue, pending first, and the drawer to decide on each document. */
export default function ModelsPage() {
  const [rawFilter, setFilter] = useSearchParam('status', 'pending');
  const filter: ModelsFilter = isFilter(rawFilter) ? rawFilter : 'pending';
  const [page, setPage] = usePageParam();
  const [selected, setSelected] = useState<AdminModelRow | null>(null);
  const { data, error, isLoading, isFetching, isError, refetch } = useListModelsQuery({
    status: filter,
    limit: PAGE_SIZE,
    skip: (page - 1) * PAGE_SIZE,
  });
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);

  const pendingNote =
    filter === 'pending' && data && data.count > 0
      ? `${data.count} waiting, oldest first.`
      : 'Approve models after checking their document.';

  return (
    <>
      <PageHeader title="Models" description={`Models become visible, sellable and callable only once approved. ${pendingNote}`} />
      <FilterTabs label="Show models" options={FILTERS} value={filter} onChange={(next) => setFilter(next, ['page'])} />
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading models" />
      ) : isError ? (
        <ListError what="models" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          <EmptyState icon="shieldCheck" title={EMPTY[filter].title} description={EMPTY[filter].description} />
        </Card>
      ) : data ? (
        <>
          <div className="admin-sticky-actions">
            <Table caption={`Models (${filter})`} columns={columns(setSelected)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <ModelDrawer model={selected} onClose={() => setSelected(null)} />
    </>
  );
}
