import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makeImage, rowCounts, upload, writePost } from './helpers';

let app: TestApp;
let admin: string;
let member: string;
let model: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
  member = (await createMember(app)).token;
  model = (await createModel(app)).token;
});
afterAll(() => app.close());

describe('the admin routes', () => {
  it('answer 401 without a session and 403 to members and models, and change nothing', async () => {
    const post = await writePost(app, admin, { title: 'Guarded' });
    const before = await rowCounts(app);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/posts'],
      ['GET', `/api/admin/posts/${post._id}`],
      ['POST', '/api/admin/posts', { title: 'Sneaky', body: '<p>x</p>', status: 'published' }],
      ['PUT', `/api/admin/posts/${post._id}`, { title: 'Defaced' }],
      ['POST', `/api/admin/posts/${post._id}/publish`],
      ['POST', `/api/admin/posts/${post._id}/unpublish`],
      ['DELETE', `/api/admin/posts/${post._id}`],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await app.request(method, url, { body });
      expect(anonymous.status, `${method} ${url} anonymous`).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      for (const token of [member, model]) {
        const res = await app.request(method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    const image = await makeImage('png', 32, 32);
    for (const token of [undefined, member, model]) {
      const res = await upload(app, '/api/admin/posts/cover', { name: 'c.png', type: 'image/png', content: image }, { token });
      expect(res.status).toBe(token ? 403 : 401);
    }
    expect(await rowCounts(app)).toEqual(before);
    const kept = await app.request('GET', `/api/admin/posts/${post._id}`, { token: admin });
    expect(kept.body.data).toMatchObject({ title: 'Guarded', status: 'draft' });
  });

  it('answer 404 for a post that does not exist', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', `/api/admin/posts/${id}`],
      ['PUT', `/api/admin/posts/${id}`],
      ['POST', `/api/admin/posts/${id}/publish`],
      ['POST', `/api/admin/posts/${id}/unpublish`],
      ['DELETE', `/api/admin/posts/${id}`],
    ] as const) {
      const res = await app.request(method, url, { token: admin, body: method === 'PUT' ? { title: 'Ghost' } : undefined });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', msg: 'That post does not exist.', message: 'That post does not exist.' });
    }
  });
});

describe('the public routes', () => {
  it('answer anyone, signed in or not', async () => {
    const post = await writePost(app, admin, { title: 'Open to all', status: 'published' });
    for (const token of [undefined, member, model, admin]) {
      expect((await app.request('GET', '/api/posts', { token })).status).toBe(200);
      const one = await app.request('GET', `/api/posts/${post.slug}`, { token });
      expect(one.status).toBe(200);
      expect(one.body.data.title).toBe('Open to all');
    }
  });
});
