import { useState } from 'react';
import { formatTokens, type AdminUserRow } from '@cc/contracts';
import { useAppSelector } from '../../../../shared/store/hooks';
import { selectCurrentUser } from '../../../../shared/auth/authSlice';
import { Avatar, Badge, Button, EmptyState, PageHeader, type TableColumn } from '../../../../shared/ui';
import { useListUsersQuery } from '../api/adminPeopleApi';
import { AdjustBalanceModal } from '../../money/components/AdjustBalanceModal';
import { MemberDrawer } from '../components/MemberDrawer';
import { MemberActionModal, type MemberAction } from '../components/MemberActionModal';
import { AccountStatusBadge } from '../../shared/components/StatusBadges';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { textFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import { EmailAddress } from '../../shared/components/EmailAddress';

type RowHandlers = {
  onAction: (action: MemberAction) => void;
  onOpen: (member: AdminUserRow) => void;
  onAdjust: (member: AdminUserRow) => void;
};

function memberColumns(myId: string | undefined, { onAction, onOpen, onAdjust }: RowHandlers): TableColumn<AdminUserRow>[] {
  return [
    {
      key: 'name',
      header: 'Member',
      wrap: true,
      label: false,
      cell: (row) => (
        <div className="admin-person">
          <Avatar name={row.name} src={row.avatarUrl} size={32} decorative />
          <div className="admin-person__text">
            <span>
              <button type="button" className="admin-link-button" onClick={() => onOpen(row)} aria-label={`Open ${row.name}'s wallet`}>
                {row.name}
              </button>
              {row._id === myId ? (
                <>
                  {' '}
                  <Badge tone="accent">You</Badge>
                </>
              ) : null}
            </span>
            <span className="admin-person__sub">@{row.username}</span>
          </div>
        </div>
      ),
    },
    { key: 'email', header: 'E-mail', wrap: true, cell: (row) => <EmailAddress address={row.email} /> },
    {
      key: 'type',
      header: 'Type',
      cell: (row) =>
        row.role === 'admin' ? (
          <Badge tone="accent">Administrator</Badge>
        ) : row.type === 'model' ? (
          <Badge tone="info">Model</Badge>
        ) : (
          <Badge>Member</Badge>
        ),
    },
    { key: 'status', header: 'Status', cell: (row) => <AccountStatusBadge status={row.status} /> },
    { key: 'balance', header: 'Balance', align: 'end', cell: (row) => formatTokens(row.balance) },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) => (
        <div className="admin-row-actions">
          <Button size="sm" variant="ghost" onClick={() => onAdjust(row)} aria-label={`Adjust ${row.name}'s balance`}>
            Adjust
          </Button>
          {row.status === 'active' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction({ kind: 'suspend', member: row })}
              aria-label={`Suspend ${row.name}`}
            >
              Suspend
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction({ kind: 'reactivate', member: row })}
              aria-label={`Reactivate ${row.name}`}
            >
              Reactivate
            </Button>
          )}
        </div>
      ),
    },
  ];
}

const FILTERS = { q: textFilter };

/** Admin › Members: find any account, then suspend or reactivate it, or (in its drawer) change its role. */
export default function MembersPage() {
  const me = useAppSelector(selectCurrentUser);
  const filters = useListFilters(FILTERS);
  const { q } = filters.values;
  const paging = useListPaging();
  const [action, setAction] = useState<MemberAction | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUserRow | null>(null);
  const query = useListUsersQuery({ q, ...paging.args });

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Members"
          description="Everyone with an account. Open a name to see their wallet or make them an administrator; suspending signs a member out everywhere until you reactivate them."
        />
      }
      filters={
        <div className="admin-toolbar">
          <FilterSearch filters={filters} name="q" label="Search members" placeholder="Name, username or e-mail" />
          {query.isFetching && !query.isLoading ? (
            <span className="muted text-sm" role="status">
              Updating the list…
            </span>
          ) : null}
        </div>
      }
      what="members"
      query={query}
      paging={paging}
      caption="Members"
      columns={(open) => memberColumns(me?._id, { onAction: setAction, onOpen: open, onAdjust: setAdjusting })}
      empty={
        q ? (
          <EmptyState
            icon="user"
            title={`No members match “${q}”`}
            description="Search looks at names, usernames and e-mail addresses. Check the spelling or try part of the name."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
                Clear search
              </Button>
            }
          />
        ) : (
          <EmptyState icon="user" title="No members yet" description="People who create an account appear here." />
        )
      }
      // The drawer follows the list, so a new balance shows once the list reloads.
      drawerFollowsList
      drawer={({ row, close }) => <MemberDrawer member={row} onClose={close} onAdjust={setAdjusting} />}
    >
      <MemberActionModal action={action} onDone={() => setAction(null)} />
      {adjusting ? <AdjustBalanceModal key={adjusting._id} member={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </AdminListPage>
  );
}
