import { useState } from 'react';
import { toast } from 'sonner';
import { formatTokens, type AdminCallRow } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Icon,
  ListError,
  PageHeader,
  Pager,
  RelativeTime,
  Table,
  TableSkeleton,
  type TableColumn,
} from '../../../shared/ui';
import { PAGE_SIZE } from '../api/adminApi';
import { useEndAdminCallMutation, useListAdminCallsQuery, type CallsFilter } from '../api/adminCallsApi';
import { CallDuration } from '../components/CallDuration';
import { CALL_STATUS, endReasonWords, isLive, minutesWords } from '../components/callWords';
import { ConfirmModal } from '../components/ConfirmModal';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { SearchField } from '../components/SearchField';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/Calls.css';

const FILTERS: readonly FilterOption<CallsFilter>[] = [
  { value: 'live', label: 'Live' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All' },
];
const isFilter = (value: string): value is CallsFilter => FILTERS.some((option) => option.value === value);

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
    { key: 'status', header: 'Status', wrap: true, cell: (row) => <CallStatus call={row} /> },
    {
      key: 'parties',
      header: 'Caller → model',
      wrap: true,
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

/**
 * Admin › Calls: every paid voice call, live ones first, with its duration and charges; a live call
 * can be ended (docs/product.md#calls). While live calls are on screen the list refreshes itself.
 */
export default function CallsPage() {
  const [rawFilter, setFilter] = useSearchParam('status', 'all');
  const filter: CallsFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const [q, setQ] = useSearchParam('q');
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const [ending, setEnding] = useState<AdminCallRow | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  const [end, endState] = useEndAdminCallMutation();
  const [liveShown, setLiveShown] = useState(false);
  const { data, error, isLoading, isFetching, isError, refetch, fulfilledTimeStamp } = useListAdminCallsQuery(
    { status: filter, q, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true, pollingInterval: filter === 'live' || liveShown ? LIVE_REFRESH_MS : 0 },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);
  const anyLive = data?.items.some((call) => isLive(call.status)) ?? false;
  if (anyLive !== liveShown) setLiveShown(anyLive);
  const polling = filter === 'live' || anyLive;

  const onSearch = (next: string) => {
    if (next !== q) setQ(next, ['page']);
  };
  const clearAll = () => {
    setQ('', ['status', 'page']);
    setClears((n) => n + 1);
  };
  const openEnd = (call: AdminCallRow) => {
    setEndError(null);
    setEnding(call);
  };
  const confirmEnd = async () => {
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

  return (
    <>
      <PageHeader
        title="Calls"
        description="Every paid voice call, live ones first, with its time and charges. End a live call if something is wrong: the caller pays for the minutes started so far and both people are told."
      />
      <div className="admin-toolbar admin-toolbar--filters">
        <FilterTabs label="Show calls" options={FILTERS} value={filter} onChange={(next) => setFilter(next, ['page'])} />
        <SearchField
          clears={clears}
          label="Search calls"
          placeholder="Name, username or e-mail of either person"
          initial={q}
          onSearch={onSearch}
        />
      </div>
      {polling && data ? (
        <p className="admin-calls-live-note">
          <span className="admin-live-dot admin-live-dot--connected" aria-hidden="true" />
          Live calls refresh every 5 seconds.
        </p>
      ) : null}
      {isLoading ? (
        <TableSkeleton columns={7} label="Loading calls" />
      ) : isError ? (
        <ListError what="calls" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {q ? (
            <EmptyState
              icon="phone"
              title={`No calls match “${q}”`}
              description="Search looks at the names, usernames and e-mail addresses of both the caller and the model."
              action={
                <Button variant="secondary" onClick={clearAll}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState icon="phone" title={EMPTY[filter].title} description={EMPTY[filter].description} />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-calls-table">
            <Table caption="Calls" columns={callColumns(fulfilledTimeStamp, openEnd)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <ConfirmModal
        open={ending !== null}
        onCancel={() => setEnding(null)}
        onConfirm={() => void confirmEnd()}
        working={endState.isLoading}
        error={endError}
        title="End this call?"
        description={ending ? endEffect(ending) : ''}
        confirmLabel="End call"
      />
    </>
  );
}
