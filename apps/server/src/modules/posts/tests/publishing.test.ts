import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { writePost } from './helpers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const publicList = async (query = '') => (await app.request('GET', `/api/posts${query}`)).body.data as { items: any[]; count: number };

describe('drafts', () => {
  it('are invisible on the public pages, by slug and by id, until published', async () => {
    const draft = await writePost(app, admin, { title: 'Not yet' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, slug: 'not-yet' });
    expect((await publicList()).items.map((p) => p.title)).not.toContain('Not yet');
    for (const key of [draft.slug, draft._id]) {
      const res = await app.request('GET', `/api/posts/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That post does not exist.', message: 'That post does not exist.' });
    }
    const published = await app.request('POST', `/api/admin/posts/${draft._id}/publish`, { token: admin });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    for (const key of [draft.slug, draft._id, draft.slug.toUpperCase()]) {
      const res = await app.request('GET', `/api/posts/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.body.data).toMatchObject({ _id: draft._id, title: 'Not yet', body: '<p>Some words about the day.</p>' });
    }
  });

  it('come back after an unpublish: the public page answers 404 again, the admin still sees it', async () => {
    const post = await writePost(app, admin, { title: 'Here and gone', status: 'published' });
    expect((await app.request('GET', `/api/posts/${post.slug}`)).status).toBe(200);
    const res = await app.request('POST', `/api/admin/posts/${post._id}/unpublish`, { token: admin });
    expect(res.body.data.status).toBe('draft');
    expect((await app.request('GET', `/api/posts/${post.slug}`)).status).toBe(404);
    expect((await publicList()).items.map((p) => p._id)).not.toContain(post._id);
    expect((await app.request('GET', `/api/admin/posts/${post._id}`, { token: admin })).body.data.title).toBe('Here and gone');
  });
});

describe('publishing', () => {
  it('sets publishedAt the first time only', async () => {
    const post = await writePost(app, admin, { title: 'Dated' });
    const first = (await app.request('POST', `/api/admin/posts/${post._id}/publish`, { token: admin })).body.data;
    expect(Date.parse(first.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    await app.request('POST', `/api/admin/posts/${post._id}/unpublish`, { token: admin });
    const again = (await app.request('POST', `/api/admin/posts/${post._id}/publish`, { token: admin })).body.data;
    expect(again.publishedAt).toBe(first.publishedAt);
    const viaUpdate = (await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { status: 'published' } })).body.data;
    expect(viaUpdate.publishedAt).toBe(first.publishedAt);
  });

  it('refuses a post with nothing to read, and leaves it a draft', async () => {
    const empty = await writePost(app, admin, { title: 'Empty', body: '<p> </p><script>x()</script>' });
    const res = await app.request('POST', `/api/admin/posts/${empty._id}/publish`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.details.fields).toEqual({ body: 'Write something before publishing the post.' });
    expect((await app.request('GET', `/api/admin/posts/${empty._id}`, { token: admin })).body.data.status).toBe('draft');
    const created = await app.request('POST', '/api/admin/posts', { token: admin, body: { title: 'Blank', status: 'published' } });
    expect(created.status).toBe(422);
    expect(created.body.msg).toBe('body: Write something before publishing the post.');
  });
});

describe('the public list', () => {
  it('shows published posts only, newest publication first, a page at a time with the total', async () => {
    await app.ctx.db.delete(posts);
    for (const [index, title] of ['Oldest', 'Middle', 'Newest'].entries()) {
      const post = await writePost(app, admin, { title, status: 'published' });
      // Publication times a minute apart, in the order written.
      await app.ctx.db
        .update(posts)
        .set({ publishedAt: new Date(Date.UTC(2026, 0, 1, 12, index)) })
        .where(eq(posts.id, post._id));
    }
    await writePost(app, admin, { title: 'Draft between' });
    const all = await publicList();
    expect(all.count).toBe(3);
    expect(all.items.map((p) => p.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(all.items[0]).not.toHaveProperty('body');
    const second = await publicList('?limit=1&skip=1');
    expect(second).toMatchObject({ count: 3, items: [{ title: 'Middle' }] });
  });
});

describe('the admin list', () => {
  it('shows drafts and published posts, newest first, filtered by status', async () => {
    await app.ctx.db.delete(posts);
    await writePost(app, admin, { title: 'First draft' });
    await writePost(app, admin, { title: 'Out there', status: 'published' });
    await writePost(app, admin, { title: 'Second draft' });
    const all = (await app.request('GET', '/api/admin/posts', { token: admin })).body.data;
    expect(all.count).toBe(3);
    expect(all.items.map((p: { title: string }) => p.title)).toEqual(['Second draft', 'Out there', 'First draft']);
    const drafts = (await app.request('GET', '/api/admin/posts?status=draft', { token: admin })).body.data;
    expect(drafts.items.map((p: { title: string }) => p.title)).toEqual(['Second draft', 'First draft']);
    const published = (await app.request('GET', '/api/admin/posts?status=published&limit=1', { token: admin })).body.data;
    expect(published).toMatchObject({ count: 1, items: [{ title: 'Out there', status: 'published' }] });
    // An empty filter from a form is "all".
    expect((await app.request('GET', '/api/admin/posts?status=', { token: admin })).body.data.count).toBe(3);
  });
});

describe('slugs', () => {
  it('come from the title, accents folded, with -2, -3 on a clash', async () => {
    expect((await writePost(app, admin, { title: 'Café au lait: Notes!' })).slug).toBe('cafe-au-lait-notes');
    expect((await writePost(app, admin, { title: 'Café au lait — notes' })).slug).toBe('cafe-au-lait-notes-2');
    expect((await writePost(app, admin, { title: 'CAFE AU LAIT NOTES' })).slug).toBe('cafe-au-lait-notes-3');
    expect((await writePost(app, admin, { title: '!!!' })).slug).toMatch(/^post(-\d+)?$/);
  });

  it('given by the administrator and taken by another post answer 409 and write nothing', async () => {
    const first = await writePost(app, admin, { title: 'Mine', slug: 'my-address' });
    expect(first.slug).toBe('my-address');
    const clash = await app.request('POST', '/api/admin/posts', { token: admin, body: { title: 'Other', slug: 'my-address' } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('CONFLICT');
    expect(clash.body.details.fields.slug).toBe('Another post already lives at /posts/my-address. Choose another slug.');
    const other = await writePost(app, admin, { title: 'Other' });
    const update = await app.request('PUT', `/api/admin/posts/${other._id}`, {
      token: admin,
      body: { slug: 'my-address', title: 'Renamed' },
    });
    expect(update.status).toBe(409);
    expect((await app.request('GET', `/api/admin/posts/${other._id}`, { token: admin })).body.data).toMatchObject({
      title: 'Other',
      slug: other.slug,
    });
    // Its own slug is no clash.
    const same = await app.request('PUT', `/api/admin/posts/${first._id}`, { token: admin, body: { slug: 'my-address' } });
    expect(same.status).toBe(200);
  });

  it('stay put when the title changes, so shared links keep working', async () => {
    const post = await writePost(app, admin, { title: 'Original title', status: 'published' });
    const res = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { title: 'A better title' } });
    expect(res.body.data).toMatchObject({ title: 'A better title', slug: 'original-title' });
    expect((await app.request('GET', '/api/posts/original-title')).body.data.title).toBe('A better title');
  });

  it('are unique even when two posts with the same title are written at once', async () => {
    const made = await Promise.all([1, 2, 3].map(() => writePost(app, admin, { title: 'Same time' })));
    expect(new Set(made.map((p) => p.slug)).size).toBe(3);
  });
});

describe('the summary', () => {
  it('defaults to the start of the body text and follows the body until the administrator writes one', async () => {
    const long = `<h2>Heading</h2><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>`;
    const post = await writePost(app, admin, { title: 'Long read', body: long });
    expect(post.excerpt.startsWith('Heading Lorem ipsum dolor sit amet.')).toBe(true);
    expect(post.excerpt.length).toBeLessThanOrEqual(201);
    expect(post.excerpt.endsWith('…')).toBe(true);

    const edited = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { body: '<p>Short &amp; sweet.</p>' } });
    expect(edited.body.data.excerpt).toBe('Short & sweet.');

    const own = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { excerpt: '  My own words.  ' } });
    expect(own.body.data.excerpt).toBe('My own words.');
    const later = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { body: '<p>Changed again.</p>' } });
    expect(later.body.data.excerpt).toBe('My own words.');

    const cleared = await app.request('PUT', `/api/admin/posts/${post._id}`, { token: admin, body: { excerpt: '' } });
    expect(cleared.body.data.excerpt).toBe('Changed again.');
  });
});

describe('deleting', () => {
  it('removes the post from the admin list and the public page', async () => {
    const post = await writePost(app, admin, { title: 'Short-lived', status: 'published' });
    const res = await app.request('DELETE', `/api/admin/posts/${post._id}`, { token: admin });
    expect(res.status).toBe(204);
    expect((await app.request('GET', `/api/admin/posts/${post._id}`, { token: admin })).status).toBe(404);
    expect((await app.request('GET', `/api/posts/${post.slug}`)).status).toBe(404);
    expect((await app.request('DELETE', `/api/admin/posts/${post._id}`, { token: admin })).status).toBe(404);
  });
});
