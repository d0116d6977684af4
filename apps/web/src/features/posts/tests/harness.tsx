import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Post, PostSummary } from '@cc/contracts';
import { createAppStore } from '../../../app/store';
import PostPage from '../pages/PostPage';
import PostsPage from '../pages/PostsPage';

export { fakeServer } from '../../../../test/fakeApi';

export const list = <T,>(items: T[], count = items.length) => ({ body: { items, count } });

/** The public post pages at `path`, with the real store and router, for a signed-out visitor. */
export function renderPosts(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      { path: '/posts', Component: PostsPage },
      { path: '/posts/:slug', Component: PostPage },
      { path: '/auth/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    ...render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    ),
    router,
  };
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
