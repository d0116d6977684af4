import type { BookmarkedMessage, messageRoutes, RouteAnswer } from '@cc/contracts';
import { ButtonLink, Card, EmptyState, ListError, Skeleton, type ListQuery } from '../../../shared/ui';
import { BookmarkCard } from './BookmarkCard';

type Props = {
  query: ListQuery<RouteAnswer<typeof messageRoutes.searchBookmarks>>;
  /** A search text or a type is chosen: an empty answer then says nothing matched. */
  filtered: boolean;
  onOpenPhoto: (media: BookmarkedMessage['message']['media']) => void;
};

/** The bookmarks found: loading, failed, none (at all, or matching), or the page of them. */
export function BookmarkResults({ query, filtered, onOpenPhoto }: Props) {
  if (query.isLoading) return <BookmarksSkeleton />;
  if (query.isError || !query.data)
    return <ListError what="your bookmarks" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.items.length === 0)
    return (
      <Card>
        {filtered ? (
          <EmptyState icon="info" title="No bookmarks match" description="Try other words, or show all types." />
        ) : (
          <EmptyState
            icon="star"
            title="No bookmarks yet"
            description="Open a conversation and choose Bookmark in a message's menu to keep it here."
            action={<ButtonLink to="/messages">Go to messages</ButtonLink>}
          />
        )}
      </Card>
    );
  return (
    <ul className="bookmarks__list" aria-busy={query.isFetching || undefined}>
      {query.data.items.map((item) => (
        <li key={item._id}>
          <BookmarkCard item={item} onOpenPhoto={onOpenPhoto} />
        </li>
      ))}
    </ul>
  );
}

function BookmarksSkeleton() {
  return (
    <div className="bookmarks__list" role="status" aria-label="Loading bookmarks">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="bookmark" aria-hidden="true">
          <div className="bookmark__head">
            <Skeleton width={36} height={36} radius="50%" />
            <div className="stack-sm" style={{ flex: 1 }}>
              <Skeleton width="30%" height={12} />
              <Skeleton width="20%" height={10} />
            </div>
          </div>
          <Skeleton width={`${50 + index * 10}%`} height={14} />
        </Card>
      ))}
    </div>
  );
}
