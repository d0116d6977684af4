import { useState } from 'react';
import type { BookmarkedMessage } from '@cc/contracts';
import { PageHeader, Pager } from '../../../shared/ui';
import { BOOKMARK_PAGE_SIZE, useSearchBookmarksQuery } from '../api/messagingApi';
import { BookmarkFilters } from '../components/BookmarkFilters';
import { BookmarkResults } from '../components/BookmarkResults';
import { PhotoViewer } from '../components/PhotoViewer';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useBookmarkFilters } from '../hooks/useBookmarkFilters';
import './BookmarksPage.css';

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

  return (
    <div className="page">
      <PageHeader title="Bookmarks" description="Messages you kept from your conversations." />
      <BookmarkFilters
        text={text}
        onSearch={onSearch}
        type={filters.type}
        onType={(type) => filters.update({ type: type || null, page: null })}
      />
      <BookmarkResults query={query} filtered={Boolean(q || filters.type)} onOpenPhoto={setPhoto} />
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
