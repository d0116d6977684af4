import { useState } from 'react';
import { Button, Card, EmptyState, ListError, PageHeader } from '../../../shared/ui';
import { DIRECTORY_PAGE_SIZE, useSearchMembersQuery } from '../api/contactsApi';
import { ModelCard, ModelCardSkeleton } from '../components/ModelCard';
import { SearchField } from '../components/SearchField';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import './ModelsPage.css';

const directoryArgs = (q: string, page: number) => ({
  type: 'model' as const,
  q: q || undefined,
  limit: DIRECTORY_PAGE_SIZE,
  skip: page * DIRECTORY_PAGE_SIZE,
});

function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <ModelCardSkeleton key={index} />
      ))}
    </>
  );
}

/** One page of the directory; "Load more" adds the next one under it in the same grid. */
function DirectoryChunk({ q, page }: { q: string; page: number }) {
  const { data, isLoading, isError, error, isFetching, refetch } = useSearchMembersQuery(directoryArgs(q, page));
  if (isLoading) return <SkeletonCards count={page === 0 ? 8 : 4} />;
  if (isError || !data) {
    // The first page's failure is the page's; a later page says so in place.
    if (page === 0) return null;
    return (
      <li className="models-grid__wide">
        <ListError what="more models" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </li>
    );
  }
  return (
    <>
      {data.items.map((model) => (
        <ModelCard key={model._id} model={model} />
      ))}
    </>
  );
}

/** /models: the public directory of models, searchable by name, a page at a time. */
export default function ModelsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // The number of pages shown belongs to one search: a new search starts at one page again.
  const [shown, setShown] = useState({ q, pages: 1 });
  const pages = shown.q === q ? shown.pages : 1;

  const first = useSearchMembersQuery(directoryArgs(q, 0));
  const last = useSearchMembersQuery(directoryArgs(q, pages - 1));
  const total = first.data?.count ?? 0;
  const loaded = Math.min(total, pages * DIRECTORY_PAGE_SIZE);

  let body;
  if (first.isError && !first.data) {
    body = <ListError what="models" error={first.error} onRetry={() => void first.refetch()} retrying={first.isFetching} />;
  } else if (first.data && total === 0) {
    body = (
      <Card>
        {q ? (
          <EmptyState
            icon="compass"
            title={`No models match “${q}”`}
            description="Check the spelling, or try part of a name or username."
            action={
              <Button variant="secondary" onClick={() => setSearch('')}>
                Clear search
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon="sparkles"
            title="No models yet"
            description="Creators appear here once their profile is approved. Check back soon."
          />
        )}
      </Card>
    );
  } else {
    body = (
      <>
        <ul className="model-grid" aria-label="Models" aria-busy={first.isLoading || undefined}>
          {Array.from({ length: pages }, (_, page) => (
            <DirectoryChunk key={page} q={q} page={page} />
          ))}
        </ul>
        {first.data ? (
          <div className="models-more">
            <p className="muted text-sm" aria-live="polite">
              Showing {loaded} of {total} {total === 1 ? 'model' : 'models'}
            </p>
            {loaded < total ? (
              <Button
                variant="secondary"
                loading={last.isFetching}
                disabled={last.isError}
                onClick={() => setShown({ q, pages: pages + 1 })}
              >
                Load more
              </Button>
            ) : null}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="page">
      <PageHeader
        eyebrow="Directory"
        title="Models"
        description="Creators you can message, support with tips and call. Prices are shown up front."
      />
      <SearchField label="Search models" placeholder="Name or username" value={search} onChange={setSearch} />
      {body}
    </div>
  );
}
