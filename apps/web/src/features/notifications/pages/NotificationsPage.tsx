import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { ButtonLink, Button, Card, EmptyState, Icon, ListError, PageHeader, Pager, Skeleton } from '../../../shared/ui';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useGetUnreadNotificationCountQuery,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
} from '../api/notificationsApi';
import { NotificationItem } from '../components/NotificationItem';
import { useOpenNotification } from '../hooks/useOpenNotification';
import './NotificationsPage.css';

const number = new Intl.NumberFormat('en-US');

function ListSkeleton() {
  return (
    <Card padding="none">
      <ul className="notif-list" role="status" aria-label="Loading notifications">
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index} className="notifications-skeleton" aria-hidden="true">
            <Skeleton width={36} height={36} radius="50%" />
            <span className="stack-sm notifications-skeleton__text">
              <Skeleton width={`${55 + (index % 3) * 12}%`} height={14} />
              <Skeleton width={70} height={10} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /notifications: everything the member was told about, newest first, unread ones highlighted. */
export default function NotificationsPage() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isError, isFetching, refetch } = useListNotificationsQuery({
    limit: NOTIFICATIONS_PAGE_SIZE,
    skip: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
  });
  const unread = useGetUnreadNotificationCountQuery().data?.count ?? 0;
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  const open = useOpenNotification();

  const readAll = async () => {
    const answer = await markAll();
    if (answer.error) toast.error(errorMessage(answer.error));
  };

  let body;
  if (isLoading) body = <ListSkeleton />;
  else if (isError || !data)
    body = <ListError what="your notifications" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  else if (data.count === 0)
    body = (
      <Card>
        <EmptyState
          icon="sparkles"
          title="No notifications yet"
          description="You will hear about new messages, contacts, tips, sales, payouts and calls here."
          action={<ButtonLink to="/models">Browse models</ButtonLink>}
        />
      </Card>
    );
  else
    body = (
      <div className="stack">
        <Card padding="none" className="notifications-card">
          <ul className="notif-list" aria-label="Notifications" aria-busy={isFetching || undefined}>
            {data.items.map((notification) => (
              <NotificationItem key={notification._id} notification={notification} onOpen={open} />
            ))}
          </ul>
        </Card>
        <Pager page={page} pageSize={NOTIFICATIONS_PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
      </div>
    );

  return (
    <div className="page page--narrow">
      <PageHeader
        title="Notifications"
        description={<span aria-live="polite">{unread === 0 ? 'You are all caught up.' : `${number.format(unread)} unread`}</span>}
        actions={
          <Button
            variant="secondary"
            icon={<Icon name="checkCircle" size={18} />}
            loading={marking.isLoading}
            disabled={unread === 0}
            onClick={() => void readAll()}
          >
            Mark all as read
          </Button>
        }
      />
      {body}
    </div>
  );
}
