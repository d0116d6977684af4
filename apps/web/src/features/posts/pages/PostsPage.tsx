import { useState } from 'react';
import { Button, Card, EmptyState, ListError, PageHeader } from '../../../shared/ui';
import { POSTS_PAGE_SIZE, useListPostsQuery } from '../api/postsApi';
import { PostCard, PostCardSkeleton } from '../components/PostCard';

const pageArgs = (page: number) => ({ limit: POSTS_PAGE_SIZE, skip: page * POSTS_PAGE_SIZE });

/** One page of posts; "Load more" adds the next one under it in the same grid. */
function PostsChunk({ page }: { page: number }) {
  const { data, isLoading, isError, error, isFetching, refetch } = useListPostsQuery(pageArgs(page));
  if (isLoading) {
    return (
      <>
        {Array.from({ length: page === 0 ? 4 : 3 }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </>
    );
  }
  if (isError || !data) {
    // The first page's failure is the page's; a later page says so in place.
    if (page === 0) return null;
    return (
      <li className="post-grid__wide">
        <ListError what="more posts" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </li>
    );
  }
  return (
    <>
      {data.items.map((post, index) => (
        <PostCard key={post._id} post={post} featured={page === 0 && index === 0} />
      ))}
    </>
  );
}

/** /posts: published posts, newest first, for everyone (docs/product.md#posts). */
export default function PostsPage() {
  const [pages, setPages] = useState(1);
  const first = useListPostsQuery(pageArgs(0));
  const last = useListPostsQuery(pageArgs(pages - 1));
  const total = first.data?.count ?? 0;
  const loaded = Math.min(total, pages * POSTS_PAGE_SIZE);

  let body;
  if (first.isError && !first.data) {
    body = <ListError what="posts" error={first.error} onRetry={() => void first.refetch()} retrying={first.isFetching} />;
  } else if (first.data && total === 0) {
    body = (
      <Card>
        <EmptyState
          icon="file"
          title="No posts yet"
          description="News, stories and updates appear here as soon as they are published. Check back soon."
        />
      </Card>
    );
  } else {
    body = (
      <>
        <ul className="post-grid" aria-label="Posts" aria-busy={first.isLoading || undefined}>
          {Array.from({ length: pages }, (_, page) => (
            <PostsChunk key={page} page={page} />
          ))}
        </ul>
        {first.data && total > POSTS_PAGE_SIZE ? (
          <div className="posts-more">
            <p className="muted text-sm" aria-live="polite">
              Showing {loaded} of {total} posts
            </p>
            {loaded < total ? (
              <Button variant="secondary" loading={last.isFetching} disabled={last.isError} onClick={() => setPages(pages + 1)}>
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
      <PageHeader eyebrow="Journal" title="Posts" description="News, stories and updates from the team behind the site." />
      {body}
    </div>
  );
}
