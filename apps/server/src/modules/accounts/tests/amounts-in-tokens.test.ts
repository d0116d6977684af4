import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel, giveTokens } from '../../../test-support/factories';

/** Every amount an account answer carries is tokens with at most two decimals (docs/product.md#units). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('shows a member their balance in tokens', async () => {
  const { user, token } = await createMember(app);
  await giveTokens(app, user.id, 1234.56);
  const me = await app.request('GET', '/api/users/me', { token });
  expect(me.status).toBe(200);
  expect(me.body.data.balance).toBe(1234.56);
});

it('shows a model’s price per message and call rate in tokens to others', async () => {
  // Inside, amounts are hundredths: 150 is 1.50 tokens, 325 is 3.25 tokens.
  const { user: model } = await createModel(app, { tokenPerMessage: 150, callRate: 325 });
  const { token } = await createMember(app);
  const profile = await app.request('GET', `/api/users/findByUsername/${model.username}`, { token });
  expect(profile.body.data).toMatchObject({ tokenPerMessage: 1.5, callRate: 3.25 });
  const found = await app.request('GET', `/api/users/search?q=${model.username}`, { token });
  expect(found.body.data.items).toEqual([expect.objectContaining({ _id: model.id, tokenPerMessage: 1.5, callRate: 3.25 })]);
});

it('shows administrators members’ balances in tokens', async () => {
  const { token } = await createAdmin(app);
  const { user } = await createMember(app);
  await giveTokens(app, user.id, 0.75);
  const res = await app.request('GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`, { token });
  expect(res.body.data.items).toEqual([expect.objectContaining({ _id: user.id, balance: 0.75 })]);
});

it('marks every amount of the account routes with its unit in the OpenAPI document', async () => {
  const schemas = (await app.request('GET', '/api/docs/json')).body.paths;
  const me = schemas['/api/users/me'].get.responses['200'].content['application/json'].schema.properties.data.properties;
  for (const field of ['balance', 'tokenPerMessage', 'callRate']) expect(me[field]).toMatchObject({ type: 'number', 'x-unit': 'tokens' });
  const price = schemas['/api/users/token-per-message'].put.requestBody.content['application/json'].schema.properties.token;
  expect(price).toMatchObject({ type: 'number', 'x-unit': 'tokens' });
});
