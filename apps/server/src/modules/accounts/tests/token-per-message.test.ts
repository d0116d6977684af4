import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const setPrice = (token: string, body: unknown) => app.request('PUT', '/api/users/token-per-message', { token, body });
const storedPrice = async (userId: string) =>
  (await app.ctx.db.select({ price: users.tokenPerMessage }).from(users).where(eq(users.id, userId)))[0]?.price;

it('lets a model set the price of a message in tokens (the spec’s { token }), 0 for free', async () => {
  const { user, token } = await createModel(app);
  const res = await setPrice(token, { token: 2.5 });
  expect(res.status).toBe(200);
  expect(res.body.data.tokenPerMessage).toBe(2.5);
  // 2.5 tokens are 250 hundredths inside.
  expect(await storedPrice(user.id)).toBe(250);
  expect((await setPrice(token, { token: 0 })).body.data.tokenPerMessage).toBe(0);
});

it('reads a whole number as whole tokens: 5 is 5.00 tokens, not 0.05', async () => {
  const { user, token } = await createModel(app);
  expect((await setPrice(token, { token: 5 })).body.data.tokenPerMessage).toBe(5);
  expect(await storedPrice(user.id)).toBe(500);
});

it('reads { tokenPerMessage }, the name the answers give the price, as { token }', async () => {
  const { user, token } = await createModel(app);
  const res = await setPrice(token, { tokenPerMessage: 3.25 });
  expect(res.status).toBe(200);
  expect(res.body.data.tokenPerMessage).toBe(3.25);
  expect(await storedPrice(user.id)).toBe(325);
  const refused = await setPrice(token, { tokenPerMessage: 'ten' });
  expect(refused.status).toBe(422);
  expect(refused.body.msg).toBe('token: Price must be a number of tokens');
  expect(await storedPrice(user.id)).toBe(325);
});

it('shows the new price to other members, in tokens', async () => {
  const { user, token } = await createModel(app);
  await setPrice(token, { token: 1.75 });
  const { token: viewer } = await createMember(app);
  expect((await app.request('GET', `/api/users/findByUsername/${user.username}`, { token: viewer })).body.data.tokenPerMessage).toBe(1.75);
});

it('refuses ordinary members with 403 NOT_A_MODEL', async () => {
  const { token } = await createMember(app);
  const res = await setPrice(token, { token: 1 });
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('NOT_A_MODEL');
});

it('refuses more than two decimals, a negative or a too high price with a message naming the field', async () => {
  const { user, token } = await createModel(app, { tokenPerMessage: 100 });
  const decimals = await setPrice(token, { token: 12.345 });
  expect(decimals.status).toBe(422);
  expect(decimals.body.msg).toBe('token: Price has at most two decimals');
  expect(decimals.body.details.fields).toHaveProperty('token');
  const negative = await setPrice(token, { token: -1 });
  expect(negative.status).toBe(422);
  expect(negative.body.msg).toBe('token: Price cannot be negative');
  const tooHigh = await setPrice(token, { token: 10_000.01 });
  expect(tooHigh.status).toBe(422);
  expect(tooHigh.body.msg).toBe('token: Price must be at most 10,000.00 tokens');
  expect(await storedPrice(user.id)).toBe(100);
});
