import type { Post, PostSummary } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import type { ListedPost, PostWithCover } from './posts.repository';

/** Explicit allow-lists: the author's id stays on the server. */
export const toPostSummaryDto = (row: ListedPost): PostSummary => ({
  _id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  coverUrl: row.cover ? fileUrl(row.cover) : null,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPostDto = (row: PostWithCover): Post => ({
  ...toPostSummaryDto(row),
  body: row.body,
  coverId: row.coverFileId,
});
