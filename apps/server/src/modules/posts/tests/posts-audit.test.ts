import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makeImage, rowCounts, upload, writePost } from './helpers';
import { auditTrail } from '../../../test-support/audit';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

/** One target's audit trail, newest first, as an administrator reads it. */
const trail = (targetId: string) => auditTrail(app, admin.token, targetId);

/** What every row says about who acted and from where. */
const byAdmin = (action: string, targetId: string, targetType = 'post') => ({
  action,
  actorId: admin.user.id,
  actorEmail: admin.user.email,
  targetType,
  targetId,
  ip: expect.any(String),
});

const act = (method: string, url: string, body?: unknown) =>
  app.request(method, `/api/admin/posts${url}`, { token: admin.token, ...(body === undefined ? {} : { body }) });

describe('each action leaves one row with what it changed', () => {
  it('create: the post’s main fields, the body by its length only', async () => {
    const body = `<p>${'Long words about the studio. '.repeat(200)}</p>`;
    const post = await writePost(app, admin.token, { title: 'Audited', body });
    const [row, ...rest] = await trail(post._id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ ...byAdmin('post.create', post._id), before: null });
    expect(row!.after).toMatchObject({
      title: 'Audited',
      slug: 'audited',
      status: 'draft',
      publishedAt: null,
      coverFileId: null,
      authorId: admin.user.id,
      bodyLength: post.body.length,
      bodyDigest: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(row!.after).not.toHaveProperty('body');
    expect(JSON.stringify(row!.after).length).toBeLessThan(1_000);
  });

  it('update: only the fields that changed, on both sides; an edit that keeps the body’s length still shows', async () => {
    const post = await writePost(app, admin.token, { title: 'First title', body: '<p>teh day</p>', excerpt: 'Kept' });
    const res = await act('PUT', `/${post._id}`, { title: 'Second title', body: '<p>the day</p>' });
    expect(res.status).toBe(200);
    const [row] = await trail(post._id);
    expect(row).toMatchObject(byAdmin('post.update', post._id));
    expect(Object.keys(row!.after!).sort()).toEqual(['bodyDigest', 'title']);
    expect(row!.before).toMatchObject({ title: 'First title' });
    expect(row!.after).toMatchObject({ title: 'Second title' });
    expect(row!.before!.bodyDigest).not.toBe(row!.after!.bodyDigest);
  });

  it('update that changes nothing: no row', async () => {
    const post = await writePost(app, admin.token, { title: 'Unmoved' });
    expect((await act('PUT', `/${post._id}`, { title: 'Unmoved' })).status).toBe(200);
    expect((await trail(post._id)).map((r) => r.action)).toEqual(['post.create']);
  });

  it('publish and unpublish: the status (and the first publication date); doing it again writes nothing', async () => {
    const post = await writePost(app, admin.token, { title: 'On and off' });
    const published = await act('POST', `/${post._id}/publish`);
    expect(published.status).toBe(200);
    const [publishRow] = await trail(post._id);
    expect(publishRow).toMatchObject({
      ...byAdmin('post.publish', post._id),
      before: { status: 'draft', publishedAt: null },
      after: { status: 'published', publishedAt: published.body.data.publishedAt },
    });

    // Already published: the service answers without writing, so the trail says nothing either.
    expect((await act('POST', `/${post._id}/publish`)).status).toBe(200);
    expect((await act('POST', `/${post._id}/unpublish`)).status).toBe(200);
    expect((await act('POST', `/${post._id}/unpublish`)).status).toBe(200);
    const rows = await trail(post._id);
    expect(rows.map((r) => r.action)).toEqual(['post.unpublish', 'post.publish', 'post.create']);
    // publishedAt stays after an unpublish, so only the status moved.
    expect(rows[0]).toMatchObject({ ...byAdmin('post.unpublish', post._id), before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('the editor’s save-and-publish (a PUT with a status) reads as a publication, with the edits beside it', async () => {
    const post = await writePost(app, admin.token, { title: 'Saved then shown' });
    expect((await act('PUT', `/${post._id}`, { title: 'Shown at last', status: 'published' })).status).toBe(200);
    const [publishRow] = await trail(post._id);
    expect(publishRow).toMatchObject({
      ...byAdmin('post.publish', post._id),
      before: { title: 'Saved then shown', status: 'draft', publishedAt: null },
      after: { title: 'Shown at last', status: 'published' },
    });

    expect((await act('PUT', `/${post._id}`, { status: 'draft' })).status).toBe(200);
    const [unpublishRow] = await trail(post._id);
    expect(unpublishRow).toMatchObject({
      ...byAdmin('post.unpublish', post._id),
      before: { status: 'published' },
      after: { status: 'draft' },
    });
    // Saving a post without moving its status stays an edit.
    expect((await act('PUT', `/${post._id}`, { title: 'Renamed', status: 'draft' })).status).toBe(200);
    expect((await trail(post._id)).map((r) => r.action)).toEqual(['post.update', 'post.unpublish', 'post.publish', 'post.create']);
  });

  it('delete: what the post was, and nothing after', async () => {
    const post = await writePost(app, admin.token, { title: 'Gone soon', status: 'published' });
    expect((await act('DELETE', `/${post._id}`)).status).toBe(204);
    const [row] = await trail(post._id);
    expect(row).toMatchObject({ ...byAdmin('post.delete', post._id), after: null });
    expect(row!.before).toMatchObject({ title: 'Gone soon', slug: 'gone-soon', status: 'published', bodyLength: post.body.length });
  });

  it('cover upload: the file’s name, size and type, on the file', async () => {
    const res = await upload(
      app,
      '/api/admin/posts/cover',
      { name: 'cover.png', type: 'image/png', content: await makeImage('png', 64, 48) },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    const fileId = res.body.data._id as string;
    const [row, ...rest] = await trail(fileId);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      ...byAdmin('post-cover.upload', fileId, 'file'),
      before: null,
      after: { name: 'cover.png', size: expect.any(Number), mime: 'image/png' },
    });
    expect(row!.after!.size).toBeGreaterThan(0);
  });
});

describe('a refused or failed action leaves no row', () => {
  it('publishing a missing post (404) or an empty draft (422), or taking a used slug (409)', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await act('POST', `/${missing}/publish`)).status).toBe(404);
    expect((await act('DELETE', `/${missing}`)).status).toBe(404);
    expect(await trail(missing)).toEqual([]);

    const empty = await writePost(app, admin.token, { title: 'Nothing yet', body: '' });
    expect((await act('POST', `/${empty._id}/publish`)).status).toBe(422);
    const taken = await writePost(app, admin.token, { title: 'Taken' });
    expect((await act('PUT', `/${empty._id}`, { slug: taken.slug })).status).toBe(409);
    expect((await trail(empty._id)).map((r) => r.action)).toEqual(['post.create']);

    const creations = async () =>
      (await app.request('GET', '/api/admin/audit?action=post.create', { token: admin.token })).body.data.count as number;
    const before = await creations();
    expect((await act('POST', '', { title: 'Again', slug: taken.slug })).status).toBe(409);
    expect(await creations()).toBe(before);
  });

  it('a change whose audit row cannot be written does not happen', async () => {
    const post = await writePost(app, admin.token, { title: 'Stays as is' });
    vi.spyOn(app.ctx.audit, 'record').mockRejectedValue(new Error('audit down'));
    expect((await act('PUT', `/${post._id}`, { title: 'Changed' })).status).toBe(500);
    expect((await act('POST', `/${post._id}/publish`)).status).toBe(500);
    expect((await act('DELETE', `/${post._id}`)).status).toBe(500);
    const counts = await rowCounts(app);
    expect((await act('POST', '', { title: 'Never written' })).status).toBe(500);
    const cover = await upload(
      app,
      '/api/admin/posts/cover',
      { name: 'c.png', type: 'image/png', content: await makeImage('png', 8, 8) },
      { token: admin.token },
    );
    expect(cover.status).toBe(500);
    // Neither the post nor the uploaded file stayed without its trace.
    expect(await rowCounts(app)).toEqual(counts);
    vi.restoreAllMocks();

    const stored = await act('GET', `/${post._id}`);
    expect(stored.body.data).toMatchObject({ title: 'Stays as is', status: 'draft' });
    expect((await trail(post._id)).map((r) => r.action)).toEqual(['post.create']);
  });
});
