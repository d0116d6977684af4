import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { POST_BODY_MAX } from '@cc/contracts';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { rowCounts, writePost } from './helpers';

let app: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof writePost>>;
let before: unknown;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
  post = await writePost(app, admin, { title: 'Untouched', body: '<p>Original</p>', excerpt: 'Original summary' });
});
afterAll(() => app.close());

const state = async () => ({
  counts: await rowCounts(app),
  post: (await app.request('GET', `/api/admin/posts/${post._id}`, { token: admin })).body,
});
beforeEach(async () => {
  before = await state();
});

async function expectRefused(method: string, url: string, body: unknown, field: string) {
  const res = await app.request(method, url, { token: admin, body });
  expect(res.status, `${method} ${url} ${String(JSON.stringify(body)).slice(0, 80)}`).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.msg).toContain(field);
  expect(await state()).toEqual(before);
}

it('refuses NUL bytes in every text field', async () => {
  await expectRefused('POST', '/api/admin/posts', { title: 'Nul\u0000title' }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', body: '<p>a\u0000b</p>' }, 'body');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', excerpt: 'a\u0000' }, 'excerpt');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', slug: 'a\u0000b' }, 'slug');
  await expectRefused('PUT', `/api/admin/posts/${post._id}`, { body: '\u0000' }, 'body');
  await expectRefused('PUT', `/api/admin/posts/${post._id}`, { title: '\u0000' }, 'title');
});

it('refuses text over the limits, naming the field', async () => {
  await expectRefused('POST', '/api/admin/posts', { title: 'x'.repeat(201) }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: 'Long', body: 'x'.repeat(POST_BODY_MAX + 1) }, 'body');
  await expectRefused('PUT', `/api/admin/posts/${post._id}`, { body: `<p>${'y'.repeat(POST_BODY_MAX)}</p>` }, 'body');
  await expectRefused('POST', '/api/admin/posts', { title: 'Long', excerpt: 'z'.repeat(501) }, 'excerpt');
  await expectRefused('POST', '/api/admin/posts', { title: 'Long', slug: 'a'.repeat(201) }, 'slug');
});

it('refuses a request body over the server limit with 413', async () => {
  const res = await app.request('POST', '/api/admin/posts', { token: admin, body: { title: 'Huge', body: 'x'.repeat(2 * 1024 * 1024) } });
  expect(res.status).toBe(413);
  expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  expect(await state()).toEqual(before);
});

it('refuses nested junk and wrong types', async () => {
  await expectRefused('POST', '/api/admin/posts', { title: { $ne: '' } }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: ['a', 'b'] }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', body: { html: '<p>x</p>' } }, 'body');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', body: [[['<p>deep</p>']]] }, 'body');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', status: 'live' }, 'status');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', coverId: { id: 1 } }, 'coverId');
  await expectRefused('PUT', `/api/admin/posts/${post._id}`, { excerpt: 42 }, 'excerpt');
  await expectRefused('POST', '/api/admin/posts', 'just a string', 'body');
});

it('refuses a missing or blank title, a bad slug and a cover that is not an uploaded image', async () => {
  await expectRefused('POST', '/api/admin/posts', { body: '<p>No title</p>' }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: '   ' }, 'title');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', slug: 'Has Spaces' }, 'slug');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', slug: 'double--hyphen' }, 'slug');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', coverId: 'not-a-uuid' }, 'coverId');
  await expectRefused('POST', '/api/admin/posts', { title: 'Fine', coverId: '0b8f5f3c-6a0b-4f7e-9d1e-2c9a3b4d5e6f' }, 'coverId');
  await expectRefused(
    'PUT',
    `/api/admin/posts/${post._id}`,
    { title: 'Changed', coverId: '0b8f5f3c-6a0b-4f7e-9d1e-2c9a3b4d5e6f' },
    'coverId',
  );
});

it('refuses malformed ids and keys', async () => {
  await expectRefused('GET', '/api/admin/posts/not-a-uuid', undefined, 'id');
  await expectRefused('PUT', '/api/admin/posts/not-a-uuid', { title: 'X' }, 'id');
  await expectRefused('GET', '/api/admin/posts?status=archived', undefined, 'status');
  await expectRefused('GET', '/api/admin/posts?limit=1000', undefined, 'limit');
  const publicKey = await app.request('GET', `/api/posts/${encodeURIComponent("x' or 1=1 --")}`);
  expect(publicKey.status).toBe(422);
  expect(publicKey.body.msg).toBe('id: That post does not exist');
});
