import type { AdminModelRow } from '@cc/contracts';
import { Avatar, Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useListModelsQuery, type ModelsFilter } from '../api/adminPeopleApi';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { ModelDrawer } from '../components/ModelDrawer';
import { ModelStatusBadge } from '../../shared/components/StatusBadges';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { choiceFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import { EmailAddress } from '../../shared/components/EmailAddress';

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

function columns(onReview: (row: AdminModelRow) => void): TableColumn<AdminModelRow>[] {
  return [
    {
      key: 'name',
      header: 'Model',
      wrap: true,
      label: false,
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

const SPEC = { status: choiceFilter(FILTERS, 'pending') };

/** Admin › Models: the review queue, pending first, and the drawer to decide on each document. */
export default function ModelsPage() {
  const filters = useListFilters(SPEC);
  const filter = filters.values.status;
  const paging = useListPaging();
  const query = useListModelsQuery({ status: filter, ...paging.args });
  const { data } = query;

  const pendingNote =
    filter === 'pending' && data && data.count > 0
      ? `${data.count} waiting, oldest first.`
      : 'Approve models after checking their document.';

  return (
    <AdminListPage
      header={<PageHeader title="Models" description={`Models become visible, sellable and callable only once approved. ${pendingNote}`} />}
      filters={<FilterTabs label="Show models" options={FILTERS} value={filter} onChange={(next) => filters.set('status', next)} />}
      what="models"
      query={query}
      paging={paging}
      caption={`Models (${filter})`}
      columns={columns}
      empty={<EmptyState icon="shieldCheck" title={EMPTY[filter].title} description={EMPTY[filter].description} />}
      drawer={({ row, close }) => <ModelDrawer model={row} onClose={close} />}
    />
  );
}
