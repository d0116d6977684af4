import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/apiError';
import { Button, ButtonLink, Card, EmptyState, Icon, ListError, Skeleton } from '../../../shared/ui';
import { useGetCallReceiptQuery } from '../api/historyApi';
import { useHistoryLive } from '../components/HistoryLive';
import { HistoryReceipt } from '../components/HistoryReceipt';
import './CallReceiptPage.css';

function ReceiptSkeleton() {
  return (
    <div className="call-receipt" role="status" aria-label="Loading the receipt">
      <Skeleton height={36} width="45%" />
      <Skeleton height={48} />
      <Skeleton height={120} />
    </div>
  );
}

/** /calls/:id — one call's receipt, laid out to print (the shell's chrome is hidden in print). */
export default function CallReceiptPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, isError, isFetching, refetch } = useGetCallReceiptQuery(id);
  useHistoryLive();
  const notFound = isError && isApiError(error) && [400, 403, 404, 422].includes(error.status);
  return (
    <div className="page call-receipt-page">
      <div className="call-receipt-page__bar">
        <ButtonLink to="/calls" variant="ghost" icon={<Icon name="chevronRight" size={16} className="ui-flip" />}>
          All calls
        </ButtonLink>
        {data ? (
          <Button onClick={() => window.print()} icon={<Icon name="file" size={16} />}>
            Print
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <ReceiptSkeleton />
      ) : notFound ? (
        <Card>
          <EmptyState
            icon="phone"
            title="This call does not exist"
            description="It may be someone else's call, or the address is mistyped. Your calls are all listed in your call history."
            action={<ButtonLink to="/calls">See my calls</ButtonLink>}
          />
        </Card>
      ) : isError || !data ? (
        <ListError what="the receipt" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <HistoryReceipt call={data} />
      )}
    </div>
  );
}
