import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const someId = '00000000-0000-4000-8000-000000000000';

const memberRoutes: [string, string][] = [
  ['POST', '/api/auth/logout'],
  ['GET', '/api/users/me'],
  ['PUT', '/api/users/updateProfile'],
  ['POST', '/api/users/avatar'],
  ['POST', '/api/users/updatePassword'],
  ['POST', '/api/users/document'],
  ['GET', '/api/users/otp/'],
  ['GET', '/api/users/otp'],
  ['POST', '/api/users/otp/'],
  ['PUT', '/api/users/deactivate'],
  ['PUT', '/api/users/token-per-message'],
  ['GET', '/api/users/search-friend'],
];

/** The public model directory: visitors are answered (approved models only, see public-model-directory.test.ts). */
const visitorRoutes: [string, string, number][] = [
  ['GET', '/api/users/findByUsername/someone', 404],
  ['GET', '/api/users/search', 200],
];

const adminRoutes: [string, string][] = [
  ['GET', '/api/admin/models'],
  ['POST', `/api/admin/models/${someId}/approve`],
  ['POST', `/api/admin/models/${someId}/refuse`],
  ['GET', '/api/admin/users'],
  ['POST', `/api/admin/users/${someId}/suspend`],
  ['POST', `/api/admin/users/${someId}/reactivate`],
];

describe('without a token', () => {
  it.each([...memberRoutes, ...adminRoutes])('%s %s answers 401', async (method, url) => {
    const res = await app.request(method, url, { body: method === 'GET' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.', message: 'Please sign in to continue.' });
  });

  it.each(visitorRoutes)('%s %s answers a visitor (%i), not 401', async (method, url, status) => {
    expect((await app.request(method, url)).status).toBe(status);
  });

  it('answers 401 to a forged or garbled token', async () => {
    expect((await app.request('GET', '/api/users/me', { token: 'not-a-jwt' })).status).toBe(401);
    const { token } = await createMember(app);
    const [header, payload] = token.split('.');
    expect((await app.request('GET', '/api/users/me', { token: `${header}.${payload}.forgedsignature` })).status).toBe(401);
  });
});

describe('as an ordinary member or a model', () => {
  it.each(adminRoutes)('%s %s answers 403, even with a bad body', async (method, url) => {
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await app.request(method, url, { token, body: method === 'GET' ? undefined : { reason: '' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', msg: 'Only administrators can do that.', message: 'Only administrators can do that.' });
    }
  });
});
