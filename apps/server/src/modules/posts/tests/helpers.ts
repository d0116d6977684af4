import { count } from 'drizzle-orm';
import { files, posts } from '../../../db/schema';
import type { TestApp } from '../../../test-support/harness';

export { makeImage, upload } from '../../media/tests/helpers';

type PostFields = {
  title?: string;
  body?: string;
  excerpt?: string;
  slug?: string;
  coverId?: string | null;
  status?: 'draft' | 'published';
};

/** Writes a post through the API as an administrator and returns what the API answered. */
export async function writePost(app: TestApp, token: string, fields: PostFields = {}) {
  const res = await app.request('POST', '/api/admin/posts', {
    token,
    body: { title: 'A day at the studio', body: '<p>Some words about the day.</p>', ...fields },
  });
  if (res.status !== 201) throw new Error(`could not write the post: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    _id: string;
    slug: string;
    title: string;
    body: string;
    excerpt: string;
    status: string;
    publishedAt: string | null;
    coverId: string | null;
    coverUrl: string | null;
  };
}

/** Counts of the rows a refused request must not have written. */
export async function rowCounts(app: TestApp) {
  const [postRows] = await app.ctx.db.select({ n: count() }).from(posts);
  const [fileRows] = await app.ctx.db.select({ n: count() }).from(files);
  return { posts: postRows?.n ?? 0, files: fileRows?.n ?? 0 };
}
