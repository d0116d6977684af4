import { useState } from 'react';
import { formatTokens, type AdminUserRow } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  ListError,
  PageHeader,
  Pager,
  Table,
  TableSkeleton,
  type TableColumn,
} from '../../../shared/ui';
import { PAGE_SIZE, useListUsersQuery } from '../api/adminApi';
import { AdjustBalanceModal } from '../components/AdjustBalanceModal';
import { MemberDrawer } from '../components/MemberDrawer';
import { MemberActionModal, type MemberAction } from '../components/MemberActionModal';
import { AccountStatusBadge } from '../components/StatusBadges';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import { EmailAddress } from '../components/EmailAddress';
import { SearchField } from '../components/SearchField';

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

/** Admin › Members: find any account, then suspend or reactivate it, or (in its drawer) change its role. */
export default function MembersPage() {
  const me = useAppSelector(selectCurrentUser);
  const [q, setQ] = useSearchParam('q');
  const [page, setPage] = usePageParam();
  const [action, setAction] = useState<MemberAction | null>(null);
  const [opened, setOpened] = useState<AdminUserRow | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUserRow | null>(null);
  const [clears, setClears] = useState(0);
  const { data, error, isLoading, isFetching, isError, refetch } = useListUsersQuery({ q, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  // The drawer and the modal follow the list, so a new balance shows once the list reloads.
  const fresh = (member: AdminUserRow | null) => (member ? (data?.items.find((row) => row._id === member._id) ?? member) : null);

  // A new search starts from page 1; the same text (the box settling on load) keeps the page.
  const onSearch = (next: string) => {
    if (next !== q) setQ(next, ['page']);
  };

  const clearSearch = () => {
    setQ('', ['page']);
    setClears((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Members"
        description="Everyone with an account. Open a name to see their wallet or make them an administrator; suspending signs a member out everywhere until you reactivate them."
      />
      <div className="admin-toolbar">
        <SearchField clears={clears} label="Search members" placeholder="Name, username or e-mail" initial={q} onSearch={onSearch} />
        {isFetching && !isLoading ? (
          <span className="muted text-sm" role="status">
            Updating the list…
          </span>
        ) : null}
      </div>
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading members" />
      ) : isError ? (
        <ListError what="members" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {q ? (
            <EmptyState
              icon="user"
              title={`No members match “${q}”`}
              description="Search looks at names, usernames and e-mail addresses. Check the spelling or try part of the name."
              action={
                <Button variant="secondary" onClick={clearSearch}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <EmptyState icon="user" title="No members yet" description="People who create an account appear here." />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-sticky-actions">
            <Table
              caption="Members"
              columns={memberColumns(me?._id, { onAction: setAction, onOpen: setOpened, onAdjust: setAdjusting })}
              rows={data.items}
              rowKey={(row) => row._id}
            />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <MemberActionModal action={action} onDone={() => setAction(null)} />
      <MemberDrawer member={fresh(opened)} onClose={() => setOpened(null)} onAdjust={setAdjusting} />
      {adjusting ? <AdjustBalanceModal key={adjusting._id} member={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </>
  );
}
