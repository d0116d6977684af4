import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAccountCodeService } from '../../accounts';
import { allOf, waitForNotifications } from './helpers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

/** An approved model with a PayPal account who asked for a payout of `tokens`; answers her and the request's id. */
async function requested(tokens: number) {
  const model = await createModel(app);
  await giveTokens(app, model.user.id, tokens);
  await app.request('POST', '/api/payout-account/', { token: model.token, body: { type: 'paypal', email: 'model@example.com' } });
  const verifyCode = await createAccountCodeService(app.ctx).issue({ userId: model.user.id, purpose: 'account' });
  const res = await app.request('POST', '/api/payout-request', { token: model.token, body: { token: tokens, verifyCode } });
  expect(res.status).toBe(201);
  return { model, id: res.body.data._id as string };
}

const decide = (id: string, decision: 'approve' | 'pay' | 'reject', body: object = {}) =>
  app.request('POST', `/api/admin/payout-requests/${id}/${decision}`, { token: admin, body });

it('tells the model when her payout is approved and when it is paid, but not that she asked', async () => {
  const { model, id } = await requested(150);
  // Her own request is no news to her; approving it is.
  expect((await decide(id, 'approve')).status).toBe(200);
  const [approved] = (await waitForNotifications(app, model.token, 1)).items;
  expect(approved).toMatchObject({
    type: 'payout',
    // 150 tokens at the default 8 cents a token.
    text: 'Your payout request of 150.00 tokens ($12.00) was approved.',
    link: '/payouts',
    actor: null,
    read: false,
  });

  expect((await decide(id, 'pay', { reference: 'PP-7Q2K' })).status).toBe(200);
  const after = await waitForNotifications(app, model.token, 2);
  expect(after.items[0]).toMatchObject({
    type: 'payout',
    text: 'Your payout request of 150.00 tokens ($12.00) was paid. Reference: PP-7Q2K',
    link: '/payouts',
  });
});

it('tells the model why her payout was rejected', async () => {
  const { model, id } = await requested(1_234.5);
  expect((await decide(id, 'reject', { note: 'The PayPal account is closed.' })).status).toBe(200);
  const [rejected] = (await waitForNotifications(app, model.token, 1)).items;
  expect(rejected).toMatchObject({
    type: 'payout',
    // 1,234.50 tokens at 8 cents is $98.76.
    text: 'Your payout request of 1,234.50 tokens ($98.76) was rejected: The PayPal account is closed.',
    link: '/payouts',
  });
});

it('says only that it was rejected when no reason was given', async () => {
  const { model, id } = await requested(100);
  expect((await decide(id, 'reject')).status).toBe(200);
  const [rejected] = (await waitForNotifications(app, model.token, 1)).items;
  expect(rejected!.text).toBe('Your payout request of 100.00 tokens ($8.00) was rejected.');
});

it('notifies once per status, even when the change is announced twice', async () => {
  const model = await createModel(app);
  const payoutRequestId = randomUUID();
  // A request from before payout rates (amountCents null) names no money.
  const change = {
    payoutRequestId,
    modelId: model.user.id,
    status: 'approved' as const,
    amount: 15_000,
    amountCents: null,
    note: '',
    reference: '',
  };
  app.ctx.events.publish('payout.changed', change);
  app.ctx.events.publish('payout.changed', change);
  await waitForNotifications(app, model.token, 1);
  app.ctx.events.publish('payout.changed', { ...change, status: 'paid' });
  const after = await waitForNotifications(app, model.token, 2);
  expect(after.items.map((n) => n.text)).toEqual([
    'Your payout request of 150.00 tokens was paid.',
    'Your payout request of 150.00 tokens was approved.',
  ]);
  // Pending is her own doing: no notification, ever (announced first, so it would land before the next one).
  const next = randomUUID();
  app.ctx.events.publish('payout.changed', { ...change, payoutRequestId: next, status: 'pending' });
  app.ctx.events.publish('payout.changed', { ...change, payoutRequestId: next, status: 'rejected', note: 'Wrong name' });
  await waitForNotifications(app, model.token, 3);
  expect((await allOf(app, model.token)).items.map((n) => n.text)).toEqual([
    'Your payout request of 150.00 tokens was rejected: Wrong name',
    'Your payout request of 150.00 tokens was paid.',
    'Your payout request of 150.00 tokens was approved.',
  ]);
});
