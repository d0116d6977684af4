import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, sandboxNonce, starter } from '../../payments/tests/helpers';
import { contactAdded, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('tells the buyer their tokens arrived, once, even when the purchase request is retried', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);

  const res = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(res.status).toBe(200);
  const [notification] = (await waitForNotifications(app, token, 1)).items;
  expect(notification).toMatchObject({
    type: 'token_purchase',
    text: 'Your purchase of Starter is complete: 100.00 tokens were added.',
    link: '/invoices',
    actor: null,
    read: false,
  });

  const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(again.status).toBe(200);
  // Something else notifies afterwards; by then a second purchase notification would have come too.
  contactAdded(app, (await createModel(app)).user, user);
  const all = await waitForNotifications(app, token, 2);
  expect(all.items.map((n) => n.type)).toEqual(['contact', 'token_purchase']);
});

it('a declined card tells nobody about a purchase', async () => {
  const member = await createMember(app);
  const pkg = await starter(app);
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.declined);
  expect((await buy(app, member.token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } })).status).toBe(402);
  contactAdded(app, (await createModel(app)).user, member.user);
  expect((await waitForNotifications(app, member.token, 1)).items.map((n) => n.type)).toEqual(['contact']);
});
