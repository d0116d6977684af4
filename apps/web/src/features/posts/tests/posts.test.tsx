import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { postsRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aPost, aPostSummary, renderPosts } from './harness';

it('lists published posts as cards: cover, title, date and summary, each leading to its page', async () => {
  const api = fakeApi().answer(
    postsRoutes.list,
    page([
      aPostSummary({
        title: 'Spring update',
        slug: 'spring-update',
        coverUrl: '/api/files/abc/cover.png',
        publishedAt: '2026-03-04T10:00:00.000Z',
      }),
      aPostSummary({ title: 'Welcome', slug: 'welcome', excerpt: 'Why we started.', publishedAt: '2026-01-15T09:00:00.000Z' }),
    ]),
  );
  renderPosts('/posts');

  // The skeleton list has the same name: wait for the loaded cards, then read the list they are in.
  await screen.findByRole('link', { name: /Spring update/ });
  const grid = screen.getByRole('list', { name: 'Posts' });
  const spring = within(grid).getByRole('link', { name: /Spring update/ });
  expect(spring).toHaveAttribute('href', '/posts/spring-update');
  expect(within(spring).getByText('Mar 4, 2026')).toBeVisible();
  expect(spring.querySelector('img')).toHaveAttribute('src', '/api/files/abc/cover.png');
  const welcome = within(grid).getByRole('link', { name: /Welcome/ });
  expect(within(welcome).getByText('Why we started.')).toBeVisible();
  expect(welcome.querySelector('img')).not.toBeInTheDocument();
  // A visitor is not sent to sign in, and the request carries no token.
  expect(api.requestsTo(postsRoutes.list)[0]!.headers.get('Authorization')).toBeNull();
  expect(api.requestsTo(postsRoutes.list)[0]!.query.get('skip')).toBe('0');
});

it('says so when nothing is published yet', async () => {
  fakeApi().answer(postsRoutes.list, page([]));
  renderPosts('/posts');
  expect(await screen.findByText('No posts yet')).toBeVisible();
  expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument();
});

it('shows the error with a retry that loads the list', async () => {
  let fail = true;
  fakeApi().answer(postsRoutes.list, () =>
    fail ? refusal(500, 'Something went wrong on our side. Please try again.') : page([aPostSummary({ title: 'Back again' })]),
  );
  renderPosts('/posts');
  expect(await screen.findByText('Could not load posts')).toBeVisible();
  expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /Back again/ })).toBeVisible();
});

it('loads more posts under the first ones until all are shown', async () => {
  const all = Array.from({ length: 15 }, (_, index) => aPostSummary({ title: `Post number ${index + 1}` }));
  const api = fakeApi().answer(postsRoutes.list, ({ query }) => {
    const skip = Number(query.get('skip'));
    const limit = Number(query.get('limit'));
    return page(all.slice(skip, skip + limit), all.length);
  });
  renderPosts('/posts');
  await screen.findByRole('link', { name: /Post number 1(?!\d)/ });
  expect(screen.getByText('Showing 12 of 15 posts')).toBeVisible();
  expect(screen.queryByRole('link', { name: /Post number 13/ })).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: /Post number 15/ })).toBeVisible();
  expect(screen.getByText('Showing 15 of 15 posts')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  expect(api.requestsTo(postsRoutes.list).map((call) => call.query.get('skip'))).toEqual(['0', '12']);
});

it('renders a post: title, date, cover and the formatted body', async () => {
  const api = fakeApi().answer(
    postsRoutes.get,
    aPost({
      title: 'Spring update',
      slug: 'spring-update',
      publishedAt: '2026-03-04T10:00:00.000Z',
      coverUrl: '/api/files/abc/cover.png',
      body: '<h2>What changed</h2><p>Calls are <strong>faster</strong>.</p><ul><li>One</li></ul>',
    }),
  );
  renderPosts('/posts/spring-update');
  expect(await screen.findByRole('heading', { level: 1, name: 'Spring update' })).toBeVisible();
  expect(screen.getByText('Mar 4, 2026')).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'What changed' })).toBeVisible();
  expect(screen.getByText('faster').tagName).toBe('STRONG');
  expect(screen.getByRole('listitem')).toHaveTextContent(/^One$/);
  expect(document.querySelector('.post-page__cover img')).toHaveAttribute('src', '/api/files/abc/cover.png');
  expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/posts');
  expect(api.requestsTo(postsRoutes.get).map((request) => request.params.id)).toEqual(['spring-update']);
});

it('answers a draft, a removed post or a mistyped address with the not-available state', async () => {
  fakeApi().refuse(postsRoutes.get, 404, 'That post does not exist.');
  const { router } = renderPosts('/posts/gone-for-good');
  expect(await screen.findByText('This post is not available')).toBeVisible();
  fireEvent.click(screen.getByRole('link', { name: 'See all posts' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/posts'));
});

it('offers a retry when the post cannot be loaded for another reason', async () => {
  let fail = true;
  fakeApi().answer(postsRoutes.get, () => (fail ? refusal(503, 'Down for a moment.') : aPost({ title: 'Hello there', slug: 'hello' })));
  renderPosts('/posts/hello');
  expect(await screen.findByText('Could not load this post')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Hello there' })).toBeVisible();
});
