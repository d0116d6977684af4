import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, buyerWith, createItem, expectLedgerClean, freshKey, modelWithItem, purchase, uploadMedia, writtenFor } from './helpers';

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

it("many members buying one model's items at once each get the item they chose, charged once, and she earns every sale", async () => {
  const { model, item: first } = await modelWithItem(app, { price: 4, name: 'First set' });
  const others = [];
  for (const name of ['Second set', 'Third set']) {
    const { media } = await uploadMedia(app, model.token);
    const res = await createItem(app, model.token, { mediaId: media._id, name, price: 4 });
    others.push(res.body.data);
  }
  const items = [first, ...others];
  const buyers = await Promise.all(Array.from({ length: 6 }, () => buyerWith(app, 10)));
  const short = await buyerWith(app, 3);

  // Each buyer one item (two buyers per item), and one who cannot pay, all at the same moment.
  const answers = await Promise.all([
    ...buyers.map((buyer, index) => purchase(app, buyer.token, { sellItemId: items[index % 3]._id, price: 4 })),
    purchase(app, short.token, { sellItemId: first._id, price: 4 }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201, 402]);
  expect(answers.slice(0, 6).map((answer) => answer.body.data.name)).toEqual(buyers.map((_, index) => items[index % 3].name));
  expect(answers.slice(0, 6).map((answer) => answer.body.data.balance)).toEqual(buyers.map(() => 6));
  expect(await Promise.all(buyers.map((buyer) => balanceOf(app, buyer.token)))).toEqual(buyers.map(() => 6));
  expect(await balanceOf(app, short.token)).toBe(3);
  // 80 % of six sales at 4.00.
  expect(await balanceOf(app, model.token)).toBe(19.2);
  for (const buyer of buyers) expect(await writtenFor(app, buyer.user.id)).toMatchObject({ purchases: 1, earnings: 1 });
  expect(await writtenFor(app, short.user.id)).toMatchObject({ purchases: 0, earnings: 0 });
});
