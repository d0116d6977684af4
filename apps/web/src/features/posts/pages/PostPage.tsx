import { Link, useParams } from 'react-router';
import type { Post } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { formatDate } from '../../../shared/format';
import { ButtonLink, EmptyState, Icon, ListError, Skeleton } from '../../../shared/ui';
import { useGetPostQuery } from '../api/postsApi';
import { PostCover } from '../components/PostCover';
import './PostPage.css';

function BackLink() {
  return (
    <Link to="/posts" className="post-page__back">
      <Icon name="chevronRight" size={16} className="post-page__back-icon" />
      All posts
    </Link>
  );
}

function NoSuchPost() {
  return (
    <div className="page page--narrow">
      <EmptyState
        icon="compass"
        title="This post is not available"
        description="It may have been taken down, or the address may be mistyped. The latest posts are one click away."
        action={<ButtonLink to="/posts">See all posts</ButtonLink>}
      />
    </div>
  );
}

function PostSkeleton() {
  return (
    <div className="page page--narrow post-page" role="status" aria-label="Loading the post">
      <Skeleton width={90} height={14} />
      <div className="post-page__header">
        <Skeleton width="30%" height={12} />
        <Skeleton width="90%" height={36} />
      </div>
      <Skeleton height={320} radius="var(--radius-lg)" />
      <div className="stack">
        <Skeleton width="100%" height={14} />
        <Skeleton width="95%" height={14} />
        <Skeleton width="60%" height={14} />
      </div>
    </div>
  );
}

function Article({ post }: { post: Post }) {
  return (
    <article className="page page--narrow post-page">
      <BackLink />
      <header className="post-page__header">
        {post.publishedAt ? (
          <time className="post-page__date" dateTime={post.publishedAt}>
            {formatDate(post.publishedAt)}
          </time>
        ) : null}
        <h1 className="post-page__title">{post.title}</h1>
      </header>
      {post.coverUrl ? <PostCover url={post.coverUrl} seed={post.slug} className="post-page__cover" /> : null}
      {/* The server sanitised this HTML with an allow-list when it was saved (docs/product.md#posts). */}
      <div className="post-body" dangerouslySetInnerHTML={{ __html: post.body }} />
      <footer className="post-page__footer">
        <ButtonLink to="/posts" variant="secondary">
          More posts
        </ButtonLink>
      </footer>
    </article>
  );
}

/** /posts/:slug: one published post; a draft, an unpublished or a deleted post is "not available". */
export default function PostPage() {
  const { slug = '' } = useParams();
  const { data, error, isLoading, isError, isFetching, refetch } = useGetPostQuery(slug, { skip: !slug });

  if (isLoading) return <PostSkeleton />;
  if (isError || !data) {
    // The server answers 422 for a key that cannot be a post: to a reader that is the same "not there".
    if (!slug || (isApiError(error) && (error.status === 404 || error.status === 422))) return <NoSuchPost />;
    return (
      <div className="page page--narrow">
        <ListError what="this post" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }
  return <Article post={data} />;
}
