import { useState } from 'react';
import { toast } from 'sonner';
import { formatTokens, type AdminCallRow } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { Badge, Button, EmptyState, Icon, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useEndAdminCallMutation, useListAdminCallsQuery, type CallsFilter } from '../api/adminCallsApi';
import { CallDuration } from '../components/CallDuration';
import { CALL_STATUS, endReasonWords, isLive, minutesWords } from '../components/callWords';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { choiceFilter, textFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/Calls.css';

const FILTERS: readonly FilterOption<CallsFilter>[] = [
  { value: 'live', label: 'Live' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<CallsFilter, { title: string; description: string }> = {
  all: {
    title: 'No calls yet',
    description: 'When a member calls a model, the call shows here: live while it rings or runs, then with how it ended and what it cost.',
  },
  live: {
    title: 'No calls right now',
    description: 'Calls that are ringing or connected show here as they happen. This list refreshes by itself.',
  },
  ended: { title: 'No finished calls yet', description: 'Calls that ended, were declined or missed are listed here with their charges.' },
};

/** While live calls are on screen the list is read again this often, so new and ended calls show. */
const LIVE_REFRESH_MS = 5_000;

const perMinute = (rate: number) => `${formatTokens(rate)} tokens/min`;

function Party({ person }: { person: AdminCallRow['caller'] }) {
  return (
    <>
      <span className="admin-person__name">{person.name}</span> <span className="admin-person__sub">@{person.username}</span>
    </>
  );
}

function CallStatus({ call }: { call: AdminCallRow }) {
  const words = CALL_STATUS[call.status];
  if (isLive(call.status))
    return (
      <Badge tone={words.tone}>
        <span className={`admin-live-dot admin-live-dot--${call.status === 'connected' ? 'connected' : 'ringing'}`} aria-hidden="true" />
        {words.label}
      </Badge>
    );
  return (
    <span className="admin-call-status">
      <Badge tone={words.tone}>{words.label}</Badge>
      <span className="admin-call-status__why">{endReasonWords(call)}</span>
    </span>
  );
}

function callColumns(receivedAt: number | undefined, onEnd: (call: AdminCallRow) => void): TableColumn<AdminCallRow>[] {
  return [
    { key: 'status', header: 'Status', wrap: true, label: false, cell: (row) => <CallStatus call={row} /> },
    {
      key: 'parties',
      header: 'Caller → model',
      wrap: true,
      label: false,
      cell: (row) => (
        <span className="admin-call-parties">
          <span className="admin-call-party">
            <Party person={row.caller} />
          </span>
          <span className="admin-call-party">
            <Icon name="arrowRight" size={14} className="admin-call-parties__arrow" />
            <span className="visually-hidden">called </span>
            <Party person={row.model} />
          </span>
        </span>
      ),
    },
    { key: 'rate', header: 'Rate', align: 'end', cell: (row) => perMinute(row.rate) },
    { key: 'started', header: 'Started', cell: (row) => <RelativeTime iso={row.createdAt} /> },
    { key: 'duration', header: 'Duration', align: 'end', cell: (row) => <CallDuration call={row} receivedAt={receivedAt} /> },
    {
      key: 'charged',
      header: 'Charged',
      align: 'end',
      cell: (row) => (
        <span className="admin-call-charged">
          <span>{formatTokens(row.tokensCharged)} tokens</span>
          <span className="admin-person__sub">{minutesWords(row.minutesCharged)}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) =>
        isLive(row.status) ? (
          <Button
            size="sm"
            variant="danger"
            aria-label={`End call between ${row.caller.name} and ${row.model.name}`}
            onClick={() => onEnd(row)}
          >
            End call
          </Button>
        ) : null,
    },
  ];
}

/** What ending this call does, for the confirmation: a connected call is billed as for a hang-up. */
function endEffect(call: AdminCallRow): string {
  const { caller, model } = call;
  if (call.status === 'connected')
    return `${caller.name} and ${model.name} are cut off at once. ${caller.name} pays for the minutes started so far, at ${perMinute(call.rate)}, and both are told an administrator ended the call.`;
  return `The call stops ringing and nothing is charged. ${caller.name} and ${model.name} are both told an administrator ended it.`;
}

const SPEC = { status: choiceFilter(FILTERS, 'all'), q: textFilter };

/** Ending a live call after the confirmation, with its error kept for the modal. */
function useEndCall() {
  const [ending, setEnding] = useState<AdminCallRow | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  const [end, endState] = useEndAdminCallMutation();
  const open = (call: AdminCallRow) => {
    setEndError(null);
    setEnding(call);
  };
  const confirm = async () => {
    if (!ending) return;
    setEndError(null);
    const result = await end(ending._id);
    if ('error' in result) {
      setEndError(errorMessage(result.error));
      return;
    }
    toast.success('Call ended.');
    setEnding(null);
  };
  return { ending, endError, working: endState.isLoading, open, confirm, cancel: () => setEnding(null) };
}

function emptyCalls(filter: CallsFilter, q: string, clear: () => void) {
  if (!q) return <EmptyState icon="phone" title={EMPTY[filter].title} description={EMPTY[filter].description} />;
  return (
    <EmptyState
      icon="phone"
      title={`No calls match “${q}”`}
      description="Search looks at the names, usernames and e-mail addresses of both the caller and the model."
      action={
        <Button variant="secondary" onClick={clear}>
          Clear filters
        </Button>
      }
    />
  );
}

/**
 * Admin › Calls: every paid voice call, live ones first, with its duration and charges; a live call
 * can be ended (docs/product.md#calls). While live calls are on screen the list refreshes itself.
 */
export default function CallsPage() {
  const filters = useListFilters(SPEC);
  const { status: filter, q } = filters.values;
  const paging = useListPaging();
  const ending = useEndCall();
  const [liveShown, setLiveShown] = useState(false);
  const query = useListAdminCallsQuery(
    { status: filter, q, ...paging.args },
    { refetchOnMountOrArgChange: true, pollingInterval: filter === 'live' || liveShown ? LIVE_REFRESH_MS : 0 },
  );
  const anyLive = query.data?.items.some((call) => isLive(call.status)) ?? false;
  if (anyLive !== liveShown) setLiveShown(anyLive);
  const polling = filter === 'live' || anyLive;

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Calls"
          description="Every paid voice call, live ones first, with its time and charges. End a live call if something is wrong: the caller pays for the minutes started so far and both people are told."
        />
      }
      filters={
        <div className="admin-toolbar admin-toolbar--filters">
          <FilterTabs label="Show calls" options={FILTERS} value={filter} onChange={(next) => filters.set('status', next)} />
          <FilterSearch filters={filters} name="q" label="Search calls" placeholder="Name, username or e-mail of either person" />
        </div>
      }
      notice={
        polling && query.data ? (
          <p className="admin-calls-live-note">
            <span className="admin-live-dot admin-live-dot--connected" aria-hidden="true" />
            Live calls refresh every 5 seconds.
          </p>
        ) : null
      }
      what="calls"
      query={query}
      paging={paging}
      caption="Calls"
      columns={callColumns(query.fulfilledTimeStamp, ending.open)}
      tableClass="admin-calls-table"
      empty={emptyCalls(filter, q, () => filters.clear())}
    >
      <ConfirmModal
        open={ending.ending !== null}
        onCancel={ending.cancel}
        onConfirm={() => void ending.confirm()}
        working={ending.working}
        error={ending.endError}
        title="End this call?"
        description={ending.ending ? endEffect(ending.ending) : ''}
        confirmLabel="End call"
      />
    </AdminListPage>
  );
}
