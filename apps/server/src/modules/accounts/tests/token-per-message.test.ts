import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('lets a model set the price of a message in hundredths of a token, 0 for free', async () => {
  const { token } = await createModel(app);
  const res = await app.request('PUT', '/api/users/token-per-message', { token, body: { token: 250 } });
  expect(res.status).toBe(200);
  expect(res.body.data.tokenPerMessage).toBe(250);
  expect((await app.request('PUT', '/api/users/token-per-message', { token, body: { token: 0 } })).body.data.tokenPerMessage).toBe(0);
});

it('shows the new price to other members', async () => {
  const { user, token } = await createModel(app);
  await app.request('PUT', '/api/users/token-per-message', { token, body: { token: 175 } });
  const { token: viewer } = await createMember(app);
  expect((await app.request('GET', `/api/users/findByUsername/${user.username}`, { token: viewer })).body.data.tokenPerMessage).toBe(175);
});

it('refuses ordinary members with 403 NOT_A_MODEL', async () => {
  const { token } = await createMember(app);
  const res = await app.request('PUT', '/api/users/token-per-message', { token, body: { token: 100 } });
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('NOT_A_MODEL');
});

it('refuses a fraction or a negative price with a message saying why', async () => {
  const { token } = await createModel(app);
  const fraction = await app.request('PUT', '/api/users/token-per-message', { token, body: { token: 1.5 } });
  expect(fraction.status).toBe(422);
  expect(fraction.body.msg).toBe('token: Price must be a whole number of hundredths of a token');
  const negative = await app.request('PUT', '/api/users/token-per-message', { token, body: { token: -1 } });
  expect(negative.body.msg).toBe('token: Price cannot be negative');
});
