import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, buyerWith, expectLedgerClean, freshKey, modelWithItem, purchase, writtenFor } from './helpers';

/** Purchases at the same instant (a double click, two tabs). Runs on PGlite and, with DATABASE_URL, on PostgreSQL. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await expectLedgerClean(app);
});
afterAll(() => app.close());

it('charges once when the same member buys the same item five times at once: one 201, the rest 409', async () => {
  const { model, item } = await modelWithItem(app, { price: 10 });
  const buyer = await buyerWith(app, 100);
  const before = await writtenFor(app, buyer.user.id);

  const answers = await Promise.all(
    Array.from({ length: 5 }, () => purchase(app, buyer.token, { sellItemId: item._id, price: 10, idempotencyKey: freshKey() })),
  );
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([201, 409, 409, 409, 409]);
  for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('ALREADY_PURCHASED');

  expect(await balanceOf(app, buyer.token)).toBe(90);
  expect(await balanceOf(app, model.token)).toBe(8);
  const after = await writtenFor(app, buyer.user.id);
  expect(after).toEqual({ purchases: 1, earnings: 1, transactions: before.transactions + 1 });
});

it('lets two members buy the same item at the same time', async () => {
  const { model, item } = await modelWithItem(app, { price: 5 });
  const [ann, bob] = [await buyerWith(app, 5), await buyerWith(app, 5)];
  const answers = await Promise.all([ann, bob].map((b) => purchase(app, b.token, { sellItemId: item._id })));
  expect(answers.map((a) => a.status)).toEqual([201, 201]);
  expect([await balanceOf(app, ann.token), await balanceOf(app, bob.token)]).toEqual([0, 0]);
  expect(await balanceOf(app, model.token)).toBe(8);
});

it('never overdraws: a member with tokens for one item buying two at once gets one and a 402', async () => {
  const first = await modelWithItem(app, { price: 6 });
  const second = await modelWithItem(app, { price: 6 });
  const buyer = await buyerWith(app, 10);
  const answers = await Promise.all([first, second].map(({ item }) => purchase(app, buyer.token, { sellItemId: item._id })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 402]);
  expect(await balanceOf(app, buyer.token)).toBe(4);
  expect(await writtenFor(app, buyer.user.id)).toMatchObject({ purchases: 1, earnings: 1 });
});
