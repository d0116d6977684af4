import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import type { conversationRoutes, RouteAnswer } from '@cc/contracts';
import { Button, Icon, ListError, Skeleton, type ListQuery } from '../../../shared/ui';
import { CONVERSATION_PAGE_SIZE, useListConversationsQuery } from '../api/messagingApi';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ChatIcon } from './ChatIcon';
import { ConversationListItem } from './ConversationListItem';
import './ConversationList.css';

function ListSkeleton() {
  return (
    <div className="chat-list__skeleton" role="status" aria-label="Loading conversations">
      {Array.from({ length: 7 }, (_, row) => (
        <div key={row} className="chat-item chat-item--skeleton" aria-hidden="true">
          <Skeleton width={44} height={44} radius="50%" />
          <span className="chat-item__body">
            <Skeleton width={`${45 + ((row * 17) % 30)}%`} height={12} />
            <Skeleton width={`${60 + ((row * 11) % 30)}%`} height={10} />
          </span>
        </div>
      ))}
    </div>
  );
}

/** The conversation list: search by name (on the server), most recent first, the open one highlighted. */
export function ConversationList({ selectedId }: { selectedId: string | undefined }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [limit, setLimit] = useState(CONVERSATION_PAGE_SIZE);
  const query = useListConversationsQuery({ q: q || undefined, limit });

  return (
    <div className="chat-list">
      <div className="chat-list__header">
        <h1 className="chat-list__title">Messages</h1>
        <Link to="/bookmarks" className="chat-list__link">
          <ChatIcon name="bookmark" size={16} />
          Bookmarks
        </Link>
      </div>
      <div className="chat-list__search" role="search">
        <ChatIcon name="search" size={18} className="chat-list__search-icon" />
        <input
          type="search"
          className="ui-input chat-list__search-input"
          aria-label="Search conversations"
          placeholder="Search by name"
          value={search}
          maxLength={80}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <nav className="chat-list__body" aria-label="Conversations">
        <ConversationListBody
          query={query}
          q={q}
          selectedId={selectedId}
          onShowMore={() => setLimit((current) => current + CONVERSATION_PAGE_SIZE)}
        />
      </nav>
    </div>
  );
}

type BodyProps = {
  query: ListQuery<RouteAnswer<typeof conversationRoutes.list>>;
  /** The search text asked for ('' for none). */
  q: string;
  selectedId: string | undefined;
  onShowMore: () => void;
};

/** The list's body: loading, failed, empty (for a search or at all), or the conversations with more to show. */
function ConversationListBody({ query, q, selectedId, onShowMore }: BodyProps) {
  const viewer = useAppSelector(selectCurrentUser);
  const viewerId = viewer?._id ?? '';
  const data = query.data;

  if (query.isLoading) return <ListSkeleton />;
  if (query.isError || !data)
    return (
      <div className="chat-list__state">
        <ListError what="your conversations" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  if (data.items.length === 0)
    return q ? (
      <p className="chat-list__none">No conversations match “{q}”.</p>
    ) : (
      <div className="chat-list__empty">
        <span className="chat-list__empty-icon">
          <Icon name="chat" size={24} />
        </span>
        {viewer?.type === 'model' ? (
          // A conversation reaches a model's list with its first message, never empty.
          <p>No conversations yet — members who write to you appear here</p>
        ) : (
          <p>
            No conversations yet — find someone on the <Link to="/models">Models page</Link>
          </p>
        )}
      </div>
    );
  return (
    <>
      <ul className="chat-list__items" aria-busy={query.isFetching || undefined}>
        {data.items.map((conversation) => (
          <li key={conversation._id}>
            <ConversationListItem conversation={conversation} viewerId={viewerId} selected={conversation._id === selectedId} />
          </li>
        ))}
      </ul>
      {data.count > data.items.length ? (
        <div className="chat-list__more">
          <Button variant="ghost" size="sm" loading={query.isFetching} onClick={onShowMore}>
            Show more conversations
          </Button>
        </div>
      ) : null}
    </>
  );
}
