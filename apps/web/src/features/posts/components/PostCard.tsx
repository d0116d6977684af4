import { Link } from 'react-router';
import type { PostSummary } from '@cc/contracts';
import { formatDate } from '../../../shared/format';
import { Skeleton } from '../../../shared/ui';
import { PostCover } from './PostCover';
import './PostCard.css';

/** One post in the list; the whole card leads to the post. The first one on the list is featured. */
export function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <li className={featured ? 'post-card post-card--featured' : 'post-card'}>
      <Link to={`/posts/${encodeURIComponent(post.slug)}`} className="post-card__link">
        <PostCover url={post.coverUrl} seed={post.slug} className="post-card__cover" />
        <span className="post-card__body">
          {post.publishedAt ? (
            <time className="post-card__date" dateTime={post.publishedAt}>
              {formatDate(post.publishedAt)}
            </time>
          ) : null}
          <span className="post-card__title">{post.title}</span>
          {post.excerpt ? <span className="post-card__excerpt">{post.excerpt}</span> : null}
          <span className="post-card__more" aria-hidden="true">
            Read post →
          </span>
        </span>
      </Link>
    </li>
  );
}

export function PostCardSkeleton() {
  return (
    <li className="post-card post-card--skeleton" aria-hidden="true">
      <span className="post-card__link">
        <span className="post-card__cover post-cover" />
        <span className="post-card__body">
          <Skeleton width="30%" height={12} />
          <Skeleton width="85%" height={20} />
          <Skeleton width="100%" height={12} />
          <Skeleton width="70%" height={12} />
        </span>
      </span>
    </li>
  );
}
