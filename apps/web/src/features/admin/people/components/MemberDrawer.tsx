import { useState } from 'react';
import { formatTokens, type AdminUserRow } from '@cc/contracts';
import { Avatar, Badge, Button, EmptyState, ListError, Pager, TableSkeleton } from '../../../../shared/ui';
import { StatementTable } from '../../../../shared/money';
import { useListUserEntriesQuery } from '../../money/api/adminWalletApi';
import { Drawer } from '../../shared/components/Drawer';
import { RoleChangeModal, type RoleChange } from './RoleChangeModal';
import '../../shared/components/AdminDetails.css';

const STATEMENT_PAGE = 10;

function MemberStatement({ member }: { member: AdminUserRow }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isError, isFetching, refetch } = useListUserEntriesQuery({
    id: member._id,
    limit: STATEMENT_PAGE,
    skip: (page - 1) * STATEMENT_PAGE,
  });
  if (isLoading) return <TableSkeleton columns={4} rows={4} label="Loading the statement" />;
  if (isError || !data) return <ListError what="the statement" error={error} onRetry={refetch} retrying={isFetching} />;
  if (data.items.length === 0)
    return (
      <EmptyState
        icon="coin"
        title="Nothing has moved yet"
        description="Purchases, spending and adjustments of this member show up here."
      />
    );
  return (
    <>
      <StatementTable rows={data.items} caption={`Statement of ${member.name}`} />
      <Pager page={page} pageSize={STATEMENT_PAGE} total={data.count} onPage={setPage} busy={isFetching} />
    </>
  );
}

type MemberDrawerProps = { member: AdminUserRow | null; onClose: () => void; onAdjust: (member: AdminUserRow) => void };

/**
 * The role change a member's account allows here: any administrator can be removed (the server
 * keeps the last one), an active ordinary member can be made one. Models never hold the role.
 */
function roleChangeFor(member: AdminUserRow): RoleChange['kind'] | null {
  if (member.role === 'admin') return 'remove';
  return member.type === 'user' && member.status === 'active' ? 'make' : null;
}

/** One member's wallet: the balance, a way to adjust it, and their statement; and their role. */
export function MemberDrawer({ member, onClose, onAdjust }: MemberDrawerProps) {
  const [change, setChange] = useState<RoleChange | null>(null);
  const kind = member ? roleChangeFor(member) : null;
  return (
    <>
      <Drawer
        open={member !== null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={member?.name ?? 'Member'}
        description={member ? `@${member.username} · ${member.email}` : undefined}
        footer={
          member ? (
            <>
              {kind ? (
                <Button variant="secondary" onClick={() => setChange({ kind, member })}>
                  {kind === 'make' ? 'Make administrator' : 'Remove administrator'}
                </Button>
              ) : null}
              <Button onClick={() => onAdjust(member)}>Adjust balance</Button>
            </>
          ) : undefined
        }
      >
        {member ? (
          <>
            <div className="admin-drawer-person">
              <Avatar name={member.name} src={member.avatarUrl} size={48} decorative />
              <div className="admin-drawer-person__text">
                <p className="admin-drawer-section__title">Balance</p>
                <p className="admin-drawer-person__name">{formatTokens(member.balance)} tokens</p>
              </div>
              {member.role === 'admin' ? <Badge tone="accent">Administrator</Badge> : null}
            </div>
            <section className="stack-sm" aria-label="Statement">
              <h3 className="admin-drawer-section__title">Statement</h3>
              <MemberStatement member={member} />
            </section>
          </>
        ) : null}
      </Drawer>
      <RoleChangeModal change={change} onDone={() => setChange(null)} />
    </>
  );
}
