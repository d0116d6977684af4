import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('documents the account routes with their tags, inputs and answers', async () => {
  const res = await app.request('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  const paths = res.body.paths;
  for (const path of [
    '/api/auth/register',
    '/api/auth/login',
    '/api/users/me',
    '/api/users/otp/',
    '/api/users/search',
    '/api/admin/models',
    '/api/contact-us',
  ]) {
    expect(paths).toHaveProperty([path]);
  }
  const login = paths['/api/auth/login'].post;
  expect(login.tags).toEqual(['auth']);
  expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('keepLogin');
  expect(login.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('token');
  expect(paths['/api/users/me'].get.security).toEqual([{ bearer: [] }]);
});
