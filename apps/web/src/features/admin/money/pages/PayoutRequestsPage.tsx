import { useState } from 'react';
import { toast } from 'sonner';
import type { PayoutRequest } from '@cc/contracts';
import { errorMessage, isApiError } from '../../../../shared/api/apiError';
import { Alert, Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useDecidePayoutMutation, useListAdminPayoutsQuery, type PayoutDecision, type PayoutsFilter } from '../api/adminPayoutsApi';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { PayoutDecisionModal } from '../components/PayoutDecisionModal';
import { payoutAccountLabel, payoutMoney, PayoutStatusBadge } from '../../../../shared/money';
import { payoutAmount, payoutAmountWithMoney } from '../components/payoutAmount';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { choiceFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';

const FILTERS: readonly FilterOption<PayoutsFilter>[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<PayoutsFilter, { title: string; description: string }> = {
  pending: { title: 'No payouts are waiting', description: 'When a model requests a payout it appears here for you to approve or reject.' },
  approved: { title: 'No approved payouts to pay', description: 'Payouts you approve wait here until you mark them paid.' },
  paid: { title: 'No paid payouts yet', description: 'Payouts you mark paid are listed here.' },
  rejected: { title: 'No rejected payouts', description: 'Payouts you reject are listed here with the reason you gave.' },
  all: { title: 'No payout requests yet', description: 'Models request payouts from their earnings; each request shows here.' },
};

type Pending = { request: PayoutRequest; decision: PayoutDecision };

const DONE: Record<PayoutDecision, (what: string) => string> = {
  approve: (what) => `Approved ${what}.`,
  markPaid: (what) => `Marked ${what} paid.`,
  reject: (what) => `Rejected ${what}; the tokens went back to the model.`,
};

/** The buttons a request's status allows: each status moves once (docs/product.md#payouts). */
function actionsFor(row: PayoutRequest): { decision: PayoutDecision; label: string; variant: 'primary' | 'secondary' }[] {
  if (row.status === 'pending')
    return [
      { decision: 'approve', label: 'Approve', variant: 'primary' },
      { decision: 'reject', label: 'Reject', variant: 'secondary' },
    ];
  if (row.status === 'approved') return [{ decision: 'markPaid', label: 'Mark paid', variant: 'primary' }];
  return [];
}

function columns(onDecide: (pending: Pending) => void): TableColumn<PayoutRequest>[] {
  return [
    {
      key: 'model',
      header: 'Model',
      wrap: true,
      label: false,
      cell: (row) => (
        <div className="admin-person__text">
          <span className="admin-person__name">{row.model?.name ?? 'Deleted account'}</span>
          {row.model ? <span className="admin-person__sub">@{row.model.username}</span> : null}
        </div>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (row) => (
        <div className="admin-person__text">
          <strong className="money-amount">{payoutAmount(row.token)}</strong>
          {payoutMoney(row) ? <span className="admin-person__sub">{payoutMoney(row)}</span> : null}
        </div>
      ),
    },
    { key: 'account', header: 'Paid to', wrap: true, cell: (row) => payoutAccountLabel(row.payTo ?? row.payoutAccount) },
    { key: 'requested', header: 'Requested', cell: (row) => <RelativeTime iso={row.createdAt} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <div className="admin-person__text">
          <PayoutStatusBadge status={row.status} />
          {row.reference ? <span className="admin-person__sub">Ref. {row.reference}</span> : null}
          {row.note ? <span className="admin-person__sub">{row.note}</span> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) => (
        <div className="admin-row-actions">
          {actionsFor(row).map((action) => (
            <Button
              key={action.decision}
              size="sm"
              variant={action.variant}
              // The visible word starts the accessible name, so voice control finds the button by what it says.
              aria-label={`${action.label} ${payoutAmount(row.token)} for ${row.model?.name ?? 'this model'}`}
              onClick={() => onDecide({ request: row, decision: action.decision })}
            >
              {action.label}
            </Button>
          ))}
        </div>
      ),
    },
  ];
}

const SPEC = { status: choiceFilter(FILTERS, 'pending') };

/** The request being decided, its modal's error, and a decision someone else made first. */
function usePayoutDecision() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [decide, decision] = useDecidePayoutMutation();

  const open = (next: Pending) => {
    setConflict(null);
    setModalError(null);
    setPending(next);
  };

  const confirm = async (decided: { note?: string; reference?: string }) => {
    if (!pending) return;
    const answer = await decide({ id: pending.request._id, decision: pending.decision, ...decided });
    if (answer.error) {
      // Someone decided first: say so on the page; the list is read again, so the row shows what is true now.
      if (isApiError(answer.error) && answer.error.status === 409) {
        setPending(null);
        setConflict(errorMessage(answer.error));
        return;
      }
      setModalError(errorMessage(answer.error));
      return;
    }
    toast.success(DONE[pending.decision](`${payoutAmountWithMoney(pending.request)} for ${pending.request.model?.name ?? 'the model'}`));
    setPending(null);
  };

  return {
    pending,
    modalError,
    conflict,
    working: decision.isLoading,
    open,
    confirm,
    cancel: () => setPending(null),
    forget: () => setConflict(null),
  };
}

/** Admin › Payouts: requests by status, pending first, with Approve / Mark paid / Reject (docs/product.md#payouts). */
export default function PayoutRequestsPage() {
  const filters = useListFilters(SPEC);
  const filter = filters.values.status;
  const paging = useListPaging();
  const decision = usePayoutDecision();
  const { pending } = decision;
  const query = useListAdminPayoutsQuery({ status: filter, ...paging.args });

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Payout requests"
          description="The tokens left each model's balance when they asked. Approve, then mark paid once the money is sent — or reject, which returns the tokens."
        />
      }
      filters={
        <FilterTabs
          label="Show payouts"
          options={FILTERS}
          value={filter}
          onChange={(next) => {
            decision.forget();
            filters.set('status', next);
          }}
        />
      }
      notice={
        decision.conflict ? (
          <Alert tone="warning" title="Someone else decided first">
            {decision.conflict}
          </Alert>
        ) : null
      }
      what="payout requests"
      query={query}
      paging={paging}
      caption={`Payout requests (${filter})`}
      columns={columns(decision.open)}
      empty={<EmptyState icon="coin" title={EMPTY[filter].title} description={EMPTY[filter].description} />}
    >
      {pending ? (
        <PayoutDecisionModal
          key={`${pending.request._id}-${pending.decision}`}
          request={pending.request}
          decision={pending.decision}
          working={decision.working}
          error={decision.modalError}
          onCancel={decision.cancel}
          onConfirm={(decided) => void decision.confirm(decided)}
        />
      ) : null}
    </AdminListPage>
  );
}
