import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { ButtonLink, EmptyState, ListView, PageHeader, Pager } from '../../../shared/ui';
import { CALL_HISTORY_PAGE_SIZE, useListCallHistoryQuery } from '../api/historyApi';
import { HistoryList } from '../components/HistoryList';
import { useHistoryLive } from '../components/HistoryLive';
import { usePage } from '../../../shared/hooks/usePage';

/** /calls: every call the member made or took, newest first, each with its receipt (docs/product.md#calls). */
export default function CallHistoryPage() {
  const user = useAppSelector(selectCurrentUser);
  const isModel = user?.type === 'model';
  const [page, setPage] = usePage();
  const query = useListCallHistoryQuery({ limit: CALL_HISTORY_PAGE_SIZE, skip: (page - 1) * CALL_HISTORY_PAGE_SIZE });
  useHistoryLive();

  return (
    <>
      <PageHeader
        title="Calls"
        description={
          isModel
            ? 'Calls members made to you and calls you made, newest first. Open one for its receipt.'
            : 'Every call you made, newest first, with what it cost. Open one for its receipt.'
        }
      />
      <ListView
        query={query}
        what="your calls"
        columns={7}
        empty={
          isModel ? (
            <EmptyState
              icon="phone"
              title="No calls yet"
              description="When members call you, each call shows here with its duration, rate and the tokens it earned. Keep the site open and your availability on to take calls."
              action={<ButtonLink to="/calls/settings">Open call settings</ButtonLink>}
            />
          ) : (
            <EmptyState
              icon="phone"
              title="No calls yet"
              description="Calls you make show here with their duration, rate and the tokens they cost. Find a creator and press Call Now on their profile."
              action={<ButtonLink to="/models">Browse models</ButtonLink>}
            />
          )
        }
      >
        {(data) => (
          <>
            <HistoryList calls={data.items} />
            <Pager page={page} pageSize={CALL_HISTORY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </>
  );
}
