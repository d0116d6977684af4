import type { Post, PostSummary } from '@cc/contracts';
import { renderApp } from '../../../../test/renderApp';
import PostPage from '../pages/PostPage';
import PostsPage from '../pages/PostsPage';

/** The public post pages at `path`, for a signed-out visitor. */
export function renderPosts(path: string) {
  return renderApp(
    [
      { path: '/posts', Component: PostsPage },
      { path: '/posts/:slug', Component: PostPage },
      { path: '/auth/login', element: <p>Login page</p> },
    ],
    { path },
  );
}

let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aPostSummary(overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    _id: uuid(),
    title: 'Studio diaries',
    slug: `studio-diaries-${serial}`,
    excerpt: 'What a week of recording taught us.',
    coverUrl: null,
    status: 'published',
    publishedAt: '2026-03-04T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function aPost(overrides: Partial<Post> = {}): Post {
  return { ...aPostSummary(), body: '<p>Hello</p>', coverId: null, ...overrides };
}
