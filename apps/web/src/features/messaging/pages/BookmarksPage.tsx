import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BookmarkedMessage, MessageType } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { Avatar, Button, ButtonLink, Card, EmptyState, ListError, PageHeader, Pager, RelativeTime, Skeleton } from '../../../shared/ui';
import { BOOKMARK_PAGE_SIZE, useRemoveBookmarkMutation, useSearchBookmarksQuery } from '../api/messagingApi';
import { ChatIcon } from '../components/ChatIcon';
import { MessageMedia } from '../components/MessageMedia';
import { PhotoViewer } from '../components/PhotoViewer';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { DELETED_TEXT } from '../lib/preview';
import './BookmarksPage.css';

const FILTERS: { value: MessageType | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'text', label: 'Text' },
  { value: 'photo', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'file', label: 'Files' },
];

const isType = (value: string | null): value is MessageType => FILTERS.some((filter) => filter.value !== '' && filter.value === value);

/** Search text, type and page live in the address, so a reload or a shared link shows the same list. */
function useBookmarkFilters() {
  const [params, setParams] = useSearchParams();
  const parsedPage = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;
  const typeParam = params.get('type');
  const type: MessageType | '' = isType(typeParam) ? typeParam : '';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { page, type, q: params.get('q') ?? '', update };
}

/** /bookmarks — the messages the person kept: who said it, where, what; searchable by text and type. */
export default function BookmarksPage() {
  const filters = useBookmarkFilters();
  const [text, setText] = useState(filters.q);
  const q = useDebouncedValue(text.trim(), 300);
  const [photo, setPhoto] = useState<BookmarkedMessage['message']['media']>(null);
  const query = useSearchBookmarksQuery({
    q: q || undefined,
    type: filters.type || undefined,
    limit: BOOKMARK_PAGE_SIZE,
    skip: (filters.page - 1) * BOOKMARK_PAGE_SIZE,
  });

  const onSearch = (value: string) => {
    setText(value);
    filters.update({ q: value.trim() || null, page: null });
  };

  const filtered = Boolean(q || filters.type);
  let body;
  if (query.isLoading) {
    body = (
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
  } else if (query.isError || !query.data) {
    body = <ListError what="your bookmarks" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.items.length === 0) {
    body = (
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
  } else {
    body = (
      <ul className="bookmarks__list" aria-busy={query.isFetching || undefined}>
        {query.data.items.map((item) => (
          <li key={item._id}>
            <BookmarkCard item={item} onOpenPhoto={setPhoto} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page">
      <PageHeader title="Bookmarks" description="Messages you kept from your conversations." />
      <div className="bookmarks__filters">
        <div className="bookmarks__search" role="search">
          <ChatIcon name="search" size={18} className="bookmarks__search-icon" />
          <input
            type="search"
            className="ui-input bookmarks__search-input"
            aria-label="Search bookmarks"
            placeholder="Search by text"
            value={text}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        <div className="bookmarks__types" role="group" aria-label="Type">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              className="bookmarks__type"
              aria-pressed={filters.type === filter.value}
              onClick={() => filters.update({ type: filter.value || null, page: null })}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      {body}
      {query.data && query.data.count > 0 && !query.isError ? (
        <Pager
          page={filters.page}
          pageSize={BOOKMARK_PAGE_SIZE}
          total={query.data.count}
          onPage={(page) => filters.update({ page: page > 1 ? String(page) : null })}
          busy={query.isFetching}
        />
      ) : null}
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </div>
  );
}

function BookmarkCard({
  item,
  onOpenPhoto,
}: {
  item: BookmarkedMessage;
  onOpenPhoto: (media: BookmarkedMessage['message']['media']) => void;
}) {
  const [remove, removal] = useRemoveBookmarkMutation();
  const { message, sender, recipient } = item;
  const onRemove = () =>
    void remove({ bookmarkId: item._id, messageId: message._id, conversationId: message.conversationId })
      .unwrap()
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <article className="bookmark ui-card ui-card--pad-md" aria-label={`Bookmarked message from ${sender.name}`}>
      <div className="bookmark__head">
        <Avatar name={sender.name} src={sender.avatarUrl} size={36} decorative />
        <div className="bookmark__who">
          <p className="bookmark__sender">{sender.name}</p>
          <p className="bookmark__where">
            in your conversation with{' '}
            <Link
              to={`/messages/${encodeURIComponent(message.conversationId)}`}
              aria-label={`Open the conversation with ${recipient.name}`}
            >
              {recipient.name}
            </Link>
            {' · '}
            <RelativeTime iso={message.createdAt} />
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          loading={removal.isLoading}
          aria-label={`Remove bookmark of the message from ${sender.name}`}
        >
          Remove
        </Button>
      </div>
      <div className="bookmark__content">
        {message.deletedAt ? (
          <p className="bookmark__deleted">{DELETED_TEXT}</p>
        ) : (
          <>
            {message.media ? <MessageMedia media={message.media} onOpenPhoto={onOpenPhoto} /> : null}
            {message.text ? <p className="bookmark__text">{message.text}</p> : null}
          </>
        )}
      </div>
    </article>
  );
}
