import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { allOf, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Gives a member tokens the way a card purchase does. */
const fund = (userId: string, amount: number) =>
  app.ctx.ledger.creditCardPurchase({
    userId,
    amount,
    idempotencyKey: `test-fund:${randomUUID()}`,
    memo: 'Test tokens',
  });

it('tells the model who tipped them and how much, once, even when the tip request is retried', async () => {
  const member = await createMember(app, { name: 'Ada Lovelace' });
  const model = await createModel(app);
  await fund(member.user.id, 1_000);
  const body = { modelId: model.user.id, amount: 2.5, note: 'Thanks!', idempotencyKey: randomUUID() };

  const tip = await app.request('POST', '/api/share-love/create', { token: member.token, body });
  expect(tip.status).toBe(201);
  const [notification] = (await waitForNotifications(app, model.token, 1)).items;
  expect(notification).toMatchObject({
    type: 'tip',
    text: 'Ada Lovelace tipped you 2.50 tokens',
    link: '/earnings',
    note: 'Thanks!',
    actor: { _id: member.user.id, name: 'Ada Lovelace', username: member.user.username },
    read: false,
  });

  // The same request again is a replay: no second tip, no second notification.
  expect((await app.request('POST', '/api/share-love/create', { token: member.token, body })).status).toBe(201);
  const second = await app.request('POST', '/api/share-love/create', {
    token: member.token,
    body: { ...body, idempotencyKey: randomUUID() },
  });
  expect(second.status).toBe(201);
  const after = await waitForNotifications(app, model.token, 2);
  expect(after.items.map((n) => n.type)).toEqual(['tip', 'tip']);
  expect(await allOf(app, member.token)).toEqual({ items: [], count: 0 });
});

it("carries the tip's note as plain text beside the sentence, and null when the tip has none", async () => {
  const member = await createMember(app, { name: 'Grace Hopper' });
  const model = await createModel(app);
  await fund(member.user.id, 1_000);
  const note = '<script>alert(1)</script> See you on Friday!';

  const withNote = await app.request('POST', '/api/share-love/create', {
    token: member.token,
    body: { modelId: model.user.id, amount: 1, note, idempotencyKey: randomUUID() },
  });
  expect(withNote.status).toBe(201);
  const [first] = (await waitForNotifications(app, model.token, 1)).items;
  expect(first).toMatchObject({ type: 'tip', text: 'Grace Hopper tipped you 1.00 tokens', note });

  const without = await app.request('POST', '/api/share-love/create', {
    token: member.token,
    body: { modelId: model.user.id, amount: 1, idempotencyKey: randomUUID() },
  });
  expect(without.status).toBe(201);
  const [latest] = (await waitForNotifications(app, model.token, 2)).items;
  expect(latest).toMatchObject({ type: 'tip', note: null });
});
