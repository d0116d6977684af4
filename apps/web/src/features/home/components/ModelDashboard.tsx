import { Link } from 'react-router';
import type { Conversation, Me } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { sumTokens } from '../../../shared/money';
import { Avatar, Badge, ButtonLink, Card, EmptyState, Icon, ListError, Skeleton } from '../../../shared/ui';
import { useRecentConversationsQuery, useRecentEarningsQuery, useUnreadTotalQuery } from '../api/homeApi';
import { useDashboardLive } from '../hooks/useDashboardLive';
import { earningsByDay, startOfWindow } from '../lib/earningsByDay';
import { EarningsChart } from './EarningsChart';
import './ModelDashboard.css';

/** The chart's window: two weeks, today included. */
const DAYS = 14;
/** Conversations named on the card; the rest wait in Messages. */
const NAMED = 3;

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function EarningsCard() {
  // The window starts at midnight, so the key (and the cache) stays the same all day.
  const since = startOfWindow(DAYS).toISOString();
  const { data, error, isLoading, isError, isFetching, refetch } = useRecentEarningsQuery({ since }, { refetchOnMountOrArgChange: true });
  const days = data ? earningsByDay(data.items, DAYS) : [];
  const total = sumTokens(days.map((day) => day.net));
  const summary = `${formatTokens(total)} tokens earned in the last ${DAYS} days`;

  return (
    <Card
      title="Earnings"
      className="model-dashboard__earnings"
      actions={
        <ButtonLink to="/earnings" variant="ghost" size="sm">
          See all earnings <Icon name="chevronRight" size={16} />
        </ButtonLink>
      }
    >
      {isLoading ? (
        <div className="stack" aria-busy="true" aria-label="Loading earnings">
          <Skeleton width={180} height={36} />
          <Skeleton height={160} />
        </div>
      ) : isError ? (
        <ListError what="your earnings" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length > 0 ? (
        <>
          <div className="earnings-total">
            <p className="earnings-total__amount">
              {formatTokens(total)} <span>tokens</span>
            </p>
            <p className="muted text-sm">
              earned in the last {DAYS} days{data.complete ? '' : ' (your latest sales)'} · {formatTokens(data.totals.net)} tokens in all
            </p>
          </div>
          <EarningsChart days={days} summary={summary} />
        </>
      ) : (
        <EmptyState
          icon="coin"
          title={`No earnings in the last ${DAYS} days`}
          description={
            data && data.totals.net !== 0
              ? `You have earned ${formatTokens(data.totals.net)} tokens in all. New messages, tips and sales show here as they come.`
              : 'When members pay your price per message, tip you or buy your items, what you earn shows here.'
          }
        />
      )}
    </Card>
  );
}

function WaitingConversation({ conversation }: { conversation: Conversation }) {
  return (
    <li>
      <Link to={`/messages/${conversation._id}`} className="waiting-list__link">
        <Avatar name={conversation.recipient.name} src={conversation.recipient.avatarUrl} size={36} decorative />
        <span className="waiting-list__name">{conversation.recipient.name}</span>
        <Badge tone="accent">{plural(conversation.unreadMessageCount, 'new', 'new')}</Badge>
      </Link>
    </li>
  );
}

function MessagesCard() {
  const total = useUnreadTotalQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = useRecentConversationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const waiting = list.data?.items.filter((conversation) => conversation.unreadMessageCount > 0) ?? [];
  const unread = total.data?.count ?? 0;

  return (
    <Card title="Messages waiting" className="model-dashboard__messages">
      {total.isLoading || list.isLoading ? (
        <div className="stack" aria-busy="true" aria-label="Loading messages">
          <Skeleton width={120} height={36} />
          <Skeleton height={40} />
        </div>
      ) : total.isError || list.isError ? (
        <ListError
          what="your messages"
          error={total.error ?? list.error}
          onRetry={() => {
            void total.refetch();
            void list.refetch();
          }}
          retrying={total.isFetching || list.isFetching}
        />
      ) : unread === 0 ? (
        <EmptyState
          icon="chat"
          title="No one is waiting"
          description="You have read every message. New ones show here and in Messages."
          action={
            <ButtonLink to="/messages" variant="secondary" size="sm">
              Open messages
            </ButtonLink>
          }
        />
      ) : (
        <div className="stack">
          <p className="waiting-total">
            <span className="waiting-total__count">{unread.toLocaleString('en-US')}</span>{' '}
            {unread === 1 ? 'unread message' : 'unread messages'}
            {waiting.length > 0 ? <span className="muted"> in {plural(waiting.length, 'conversation')}</span> : null}
          </p>
          {waiting.length > 0 ? (
            <ul className="waiting-list">
              {waiting.slice(0, NAMED).map((conversation) => (
                <WaitingConversation key={conversation._id} conversation={conversation} />
              ))}
            </ul>
          ) : null}
          <ButtonLink to="/messages" variant="secondary" block>
            Open messages
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}

function PricesCard({ user }: { user: Me }) {
  return (
    <Card title="Your prices" className="model-dashboard__prices">
      <dl className="price-facts">
        <div className="price-facts__row">
          <dt>
            <Icon name="chat" size={18} /> Price per message
          </dt>
          <dd>{user.tokenPerMessage === 0 ? 'Free' : `${formatTokens(user.tokenPerMessage)} tokens`}</dd>
          <dd className="price-facts__action">
            <Link to="/account/profile">Change price</Link>
          </dd>
        </div>
        <div className="price-facts__row">
          <dt>
            <Icon name="phone" size={18} /> Call rate
          </dt>
          <dd>{formatTokens(user.callRate)} tokens per minute</dd>
          <dd className="price-facts__action">
            <Link to="/calls/settings" aria-label="Change call rate">
              Change
            </Link>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** A model's home: what they earned lately, who waits for an answer, and what they charge. */
export function ModelDashboard({ user }: { user: Me }) {
  useDashboardLive();
  return (
    <div className="model-dashboard">
      <EarningsCard />
      <MessagesCard />
      <PricesCard user={user} />
    </div>
  );
}
