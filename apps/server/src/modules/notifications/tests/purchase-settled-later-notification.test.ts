import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments } from '../../../db/schema';
import { startFakeAuthorizeNet, FAKE_CARDS, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, starter } from '../../payments/tests/helpers';
import { contactAdded, waitForNotifications } from './helpers';

/** Purchases settled after the request (a webhook, the reconciliation job) notify once too. */
let fake: FakeAuthorizeNet;
let app: TestApp;
let appUrl: string;
beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ timeoutMs: 400 });
  app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

it('a held purchase notifies nothing until the fraud filter releases it, then once however often the webhook comes', async () => {
  const member = await createMember(app);
  const pkg = await starter(app);
  const since = fake.charges.length;
  const held = await buy(app, member.token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.held) } });
  expect(held.status).toBe(202);
  const charge = fake.charges[since]!;

  contactAdded(app, (await createModel(app)).user, member.user);
  expect((await waitForNotifications(app, member.token, 1)).items.map((n) => n.type)).toEqual(['contact']);

  fake.release(charge.transId);
  const body = fake.webhookFor('net.authorize.payment.fraud.approved', charge);
  const answers = await Promise.all([fake.sendWebhook(appUrl, body), fake.sendWebhook(appUrl, body)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect((await fake.sendWebhook(appUrl, body)).status).toBe(200);

  const [purchase] = (await waitForNotifications(app, member.token, 2)).items;
  expect(purchase).toMatchObject({ type: 'token_purchase', text: 'Your purchase of Starter is complete: 100.00 tokens were added.' });
  contactAdded(app, (await createModel(app)).user, member.user);
  expect((await waitForNotifications(app, member.token, 3)).items.map((n) => n.type)).toEqual(['contact', 'token_purchase', 'contact']);
});

it('a purchase whose answer was lost notifies once when two processes reconcile it at the same time', async () => {
  const member = await createMember(app);
  const pkg = await starter(app);
  fake.hang('createTransactionRequest');
  fake.hang('getUnsettledTransactionListRequest');
  const res = await buy(app, member.token, {
    packageId: pkg._id,
    idempotencyKey: randomUUID(),
    payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  expect(res.status).toBe(502);
  const longAgo = new Date(Date.now() - 3 * 60_000);
  await app.ctx.db.update(payments).set({ createdAt: longAgo, updatedAt: longAgo }).where(eq(payments.userId, member.user.id));

  await Promise.all([app.runJob('payments.reconcile'), app.runJob('payments.reconcile')]);
  expect((await waitForNotifications(app, member.token, 1)).items[0]).toMatchObject({ type: 'token_purchase' });
  contactAdded(app, (await createModel(app)).user, member.user);
  expect((await waitForNotifications(app, member.token, 2)).items.map((n) => n.type)).toEqual(['contact', 'token_purchase']);
});
