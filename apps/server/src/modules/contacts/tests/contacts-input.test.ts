import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const someId = '00000000-0000-4000-8000-000000000000';

it('asks a signed-out visitor to sign in on every contacts route', async () => {
  for (const [method, url, body] of [
    ['GET', '/api/contact', undefined],
    ['GET', `/api/contact/${someId}`, undefined],
    ['POST', '/api/contact', { userId: someId }],
    ['DELETE', `/api/contact/${someId}`, undefined],
    ['POST', '/api/newsletter/invite', { email: 'friend@example.test' }],
  ] as const) {
    const res = await app.request(method, url, body ? { body } : {});
    expect(res.status, `${method} ${url}`).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  }
});

it('answers 422 naming the field for bad input', async () => {
  const { token } = await createMember(app);
  const noUser = await app.request('POST', '/api/contact', { token, body: { userId: 'bob' } });
  expect(noUser.status).toBe(422);
  expect(noUser.body.msg).toBe('userId: Choose a member to add');
  expect(noUser.body.details.fields).toHaveProperty('userId');

  expect((await app.request('POST', '/api/contact', { token, body: {} })).status).toBe(422);
  expect((await app.request('GET', '/api/contact/not-an-id', { token })).status).toBe(422);
  expect((await app.request('DELETE', '/api/contact/not-an-id', { token })).status).toBe(422);
  expect((await app.request('GET', '/api/contact?limit=500', { token })).status).toBe(422);

  const badEmail = await app.request('POST', '/api/newsletter/invite', { token, body: { email: 'not-an-email' } });
  expect(badEmail.status).toBe(422);
  expect(badEmail.body.msg).toBe('email: Enter a valid e-mail address');
});
