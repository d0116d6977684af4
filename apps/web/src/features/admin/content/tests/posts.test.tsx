import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { postsRoutes, type Post, type PostSummary } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

let serial = 0;
const uuid = () => `00000000-0000-4000-9000-${String(++serial).padStart(12, '0')}`;

function aPost(overrides: Partial<Post> = {}): Post {
  return {
    _id: uuid(),
    title: 'Studio diaries',
    slug: `studio-diaries-${serial}`,
    excerpt: 'What a week taught us.',
    coverUrl: null,
    coverId: null,
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    body: '<p>Hello</p>',
    ...overrides,
  };
}
const summary = ({ body: _body, coverId: _coverId, ...rest }: Post): PostSummary => rest;

// ---- the list ---------------------------------------------------------------------------------

it('lists posts with their status and publication date, and filters by status', async () => {
  const draft = aPost({ title: 'Half written' });
  const live = aPost({ title: 'Out now', status: 'published', publishedAt: '2026-03-04T10:00:00.000Z' });
  const api = fakeApi().answer(postsRoutes.adminList, ({ query }) => {
    const status = query.get('status');
    return page([draft, live].filter((p) => !status || p.status === status).map(summary));
  });
  renderAdmin('/admin/posts');

  const table = await screen.findByRole('table', { name: 'Posts' });
  const [, draftRow, liveRow] = within(table).getAllByRole('row');
  expect(within(draftRow!).getByText('Half written')).toBeVisible();
  expect(within(draftRow!).getByText('Draft')).toBeVisible();
  expect(within(draftRow!).getByText('Not yet')).toBeVisible();
  expect(within(liveRow!).getByText('Published')).toBeVisible();
  expect(within(liveRow!).getByText('Mar 4, 2026')).toBeVisible();
  expect(within(liveRow!).getByRole('link', { name: 'Edit “Out now”' })).toHaveAttribute('href', `/admin/posts/${live._id}`);

  fireEvent.click(screen.getByRole('button', { name: 'Drafts' }));
  await waitFor(() => expect(screen.queryByText('Out now')).not.toBeInTheDocument());
  expect(api.requestsTo(postsRoutes.adminList).at(-1)!.query.get('status')).toBe('draft');
  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  expect(await screen.findByText('Out now')).toBeVisible();
  expect(api.requestsTo(postsRoutes.adminList)[0]!.query.has('status')).toBe(false);
});

it('shows what to do when there are no posts', async () => {
  fakeApi().answer(postsRoutes.adminList, page([]));
  renderAdmin('/admin/posts');
  expect(await screen.findByText('No posts yet')).toBeVisible();
  expect(screen.getAllByRole('link', { name: 'Write a post' }).at(-1)!).toHaveAttribute('href', '/admin/posts/new');
});

it('publishes and unpublishes from the list, and reports a refusal', async () => {
  let posts = [aPost({ title: 'Ready' }), aPost({ title: 'Empty one' })];
  const api = fakeApi()
    .answer(postsRoutes.adminList, () => page(posts.map(summary)))
    .answer(postsRoutes.publish, ({ params }) => {
      const post = posts.find((p) => p._id === params.id)!;
      if (post.title === 'Empty one') return refusal(422, 'body: Write something before publishing the post.', { fields: { body: 'x' } });
      posts = posts.map((p) => (p === post ? { ...p, status: 'published', publishedAt: '2026-03-05T10:00:00.000Z' } : p));
      return posts.find((p) => p._id === post._id)!;
    })
    .answer(postsRoutes.unpublish, ({ params }) => {
      posts = posts.map((p) => (p._id === params.id ? { ...p, status: 'draft' } : p));
      return posts.find((p) => p._id === params.id)!;
    });
  renderAdmin('/admin/posts');

  fireEvent.click(await screen.findByRole('button', { name: 'Publish “Ready”' }));
  await seeToast('“Ready” is published.');
  expect(await screen.findByRole('button', { name: 'Unpublish “Ready”' })).toBeVisible();
  expect(api.requestsTo(postsRoutes.publish).map((request) => request.params.id)).toEqual([posts[0]!._id]);

  fireEvent.click(screen.getByRole('button', { name: 'Unpublish “Ready”' }));
  await seeToast('“Ready” is back to draft: visitors no longer see it.');

  fireEvent.click(screen.getByRole('button', { name: 'Publish “Empty one”' }));
  await seeToast('“Empty one”: body: Write something before publishing the post.');
});

it('deletes a post only after confirming', async () => {
  let posts = [aPost({ title: 'Old news', status: 'published', publishedAt: '2026-01-01T00:00:00.000Z' })];
  const api = fakeApi()
    .answer(postsRoutes.adminList, () => page(posts.map(summary)))
    .answer(postsRoutes.remove, () => {
      posts = [];
      return null;
    });
  renderAdmin('/admin/posts');

  fireEvent.click(await screen.findByRole('button', { name: 'Delete “Old news”' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete “Old news”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(postsRoutes.remove)).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Delete “Old news”' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
  expect(await screen.findByText('No posts yet')).toBeVisible();
  expect(api.requestsTo(postsRoutes.remove)).toHaveLength(1);
});

// ---- the editor -------------------------------------------------------------------------------

it('saves a new post as a draft, then opens it for editing', async () => {
  const api = fakeApi()
    .answer(postsRoutes.adminList, page([]))
    .answer(postsRoutes.create, ({ body }) => aPost({ ...(body as Partial<Post>), _id: 'new-post-id', slug: 'first-words' }))
    .answer(postsRoutes.adminGet, aPost({ _id: 'new-post-id', title: 'First words', slug: 'first-words', body: '' }));
  const { router } = renderAdmin('/admin/posts/new');

  expect(await screen.findByRole('heading', { name: 'New post' })).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Body' })).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByText('Give the post a title')).toBeVisible();
  expect(api.requestsTo(postsRoutes.create)).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  First words ' } });
  fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'A short hello.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

  await seeToast('Draft saved.');
  expect(api.requestsTo(postsRoutes.create)[0]!.body).toEqual({
    title: 'First words',
    body: '',
    excerpt: 'A short hello.',
    status: 'draft',
  });
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts/new-post-id'));
  // The editor mounts again for the saved post: the heading is looked at once it has settled.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Edit post' })).toBeVisible());
});

it('publishes a new post in one step', async () => {
  const api = fakeApi()
    .answer(postsRoutes.create, ({ body }) => aPost({ ...(body as Partial<Post>), _id: 'p2', status: 'published' }))
    .answer(postsRoutes.adminGet, aPost({ _id: 'p2', status: 'published', publishedAt: '2026-03-05T10:00:00.000Z' }));
  renderAdmin('/admin/posts/new');
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Launch day' } });
  fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'Launch-Day' } });
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
  await seeToast('Published: visitors can read it now.');
  expect(api.requestsTo(postsRoutes.create)[0]!.body).toEqual({
    title: 'Launch day',
    body: '',
    slug: 'launch-day',
    status: 'published',
  });
});

it('edits an existing post: the body shows formatted, only the changed fields are sent, and publishing is one request', async () => {
  const post = aPost({ title: 'Draft title', slug: 'draft-title', body: '<p>Some <strong>bold</strong> words</p>' });
  const api = fakeApi()
    .answer(postsRoutes.adminGet, post)
    .answer(postsRoutes.update, ({ body }) =>
      aPost({ ...post, ...(body as Partial<Post>), status: 'published', publishedAt: '2026-03-05T10:00:00.000Z' }),
    );
  renderAdmin(`/admin/posts/${post._id}`);

  const editor = await screen.findByRole('textbox', { name: 'Body' });
  expect(editor.querySelector('strong')?.textContent).toBe('bold');
  expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Final title' } });
  expect(await screen.findByText('Unsaved changes')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

  await seeToast('Published: visitors can read it now.');
  expect(api.requestsTo(postsRoutes.adminGet)[0]!.params.id).toBe(post._id);
  expect(api.requestsTo(postsRoutes.update).map((request) => [request.params.id, request.body])).toEqual([
    [post._id, { title: 'Final title', status: 'published' }],
  ]);
  expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'View on the site' })).toHaveAttribute('href', '/posts/draft-title');
  expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
});

it('puts a slug clash next to the slug and keeps what was typed', async () => {
  const post = aPost({ title: 'Mine', slug: 'mine' });
  fakeApi()
    .answer(postsRoutes.adminGet, post)
    .refuse(postsRoutes.update, 409, 'slug: taken', {
      code: 'CONFLICT',
      fields: { slug: 'Another post already lives at /posts/taken. Choose another slug.' },
    });
  renderAdmin(`/admin/posts/${post._id}`);
  fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'taken' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByText('Another post already lives at /posts/taken. Choose another slug.')).toBeVisible();
  expect(screen.getByLabelText('Slug')).toHaveValue('taken');
});

it('asks before leaving with unsaved changes', async () => {
  const post = aPost({ title: 'Careful' });
  fakeApi()
    .answer(postsRoutes.adminGet, post)
    .answer(postsRoutes.adminList, page([summary(post)]));
  const { router } = renderAdmin(`/admin/posts/${post._id}`);
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Careful, changed' } });

  fireEvent.click(screen.getByRole('link', { name: 'All posts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(router.state.location.pathname).toBe(`/admin/posts/${post._id}`);
  expect(screen.getByLabelText('Title')).toHaveValue('Careful, changed');

  fireEvent.click(screen.getByRole('link', { name: 'All posts' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts'));
});

it('says so when the post does not exist', async () => {
  fakeApi().refuse(postsRoutes.adminGet, 404, 'That post does not exist.');
  renderAdmin('/admin/posts/00000000-0000-4000-8000-00000000dead');
  expect(await screen.findByText('No such post')).toBeVisible();
});
