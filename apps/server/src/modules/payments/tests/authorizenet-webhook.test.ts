import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookEvents } from '../../../db/schema';
import { startFakeAuthorizeNet, FAKE_CARDS, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, starter } from './helpers';

let fake: FakeAuthorizeNet;
let app: TestApp;
let appUrl: string;
beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ timeoutMs: 400 });
  app = await createTestApp({ config: { payments: { provider: 'authorizenet', authorizenet: fake.config } } });
  // Webhooks arrive over real HTTP, as Authorize.Net sends them.
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** A member whose purchase the fraud filter is holding. */
async function heldPurchase() {
  const member = await createMember(app);
  const pkg = await starter(app);
  const since = fake.charges.length;
  const res = await buy(app, member.token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: fake.nonceFor(FAKE_CARDS.held) } });
  expect(res.status).toBe(202);
  return { ...member, pkg, charge: fake.charges[since]! };
}

it('refuses a forged webhook with 401 and credits nothing', async () => {
  const { user, charge } = await heldPurchase();
  fake.release(charge.transId);
  const body = fake.webhookFor('net.authorize.payment.fraud.approved', charge);

  const forged = await fake.sendWebhook(appUrl, body, 'F'.repeat(128));
  expect(forged.status).toBe(401);
  const tampered = await fetch(`${appUrl}/api/payment/authorizenet/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-ANET-Signature': 'sha512=00' },
    body,
  });
  expect(tampered.status).toBe(401);
  const unsigned = await fetch(`${appUrl}/api/payment/authorizenet/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(unsigned.status).toBe(401);

  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
  expect(await app.ctx.db.select().from(webhookEvents)).toEqual([]);
});

it('a held payment released by the fraud filter is credited once, even when the webhook comes twice', async () => {
  const { user, token, pkg, charge } = await heldPurchase();
  fake.release(charge.transId);
  const body = fake.webhookFor('net.authorize.payment.fraud.approved', charge);

  const first = await fake.sendWebhook(appUrl, body);
  expect(first).toEqual({ status: 200, body: { data: { ok: true } } });
  const redelivered = await fake.sendWebhook(appUrl, body);
  expect(redelivered.status).toBe(200);
  // Another notification about the same transaction does not credit again either.
  expect((await fake.sendWebhook(appUrl, fake.webhookFor('net.authorize.payment.authcapture.created', charge))).status).toBe(200);

  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect(money.invoices).toHaveLength(1);
  expect(money.payments[0]).toMatchObject({ status: 'approved', providerTransactionId: charge.transId, cardLast4: '0027' });
  const history = await app.request('GET', '/api/payment/transactions', { token });
  expect(history.body.data.items[0]).toMatchObject({ status: 'approved', invoiceId: money.invoices[0]!.id });
});

it('the same webhook delivered twice at the same moment credits once', async () => {
  const { user, pkg, charge } = await heldPurchase();
  fake.release(charge.transId);
  const body = fake.webhookFor('net.authorize.payment.fraud.approved', charge);
  const answers = await Promise.all([fake.sendWebhook(appUrl, body), fake.sendWebhook(appUrl, body), fake.sendWebhook(appUrl, body)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });
});

it('a held payment the fraud filter declines is marked declined and credits nothing', async () => {
  const { user, token, charge } = await heldPurchase();
  expect((await fake.sendWebhook(appUrl, fake.webhookFor('net.authorize.payment.fraud.declined', charge))).status).toBe(200);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 0, balance: 0 });
  const history = await app.request('GET', '/api/payment/transactions', { token });
  expect(history.body.data.items[0]).toMatchObject({ status: 'declined', failureMessage: 'The payment was declined after review.' });
});

it('settles a payment whose answer was lost, from the authcapture webhook', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = fake.nonceFor(FAKE_CARDS.approved);
  const since = fake.charges.length;
  fake.hang('createTransactionRequest');
  fake.hang('getUnsettledTransactionListRequest');
  expect((await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } })).status).toBe(502);

  const charge = fake.charges[since]!;
  expect((await fake.sendWebhook(appUrl, fake.webhookFor('net.authorize.payment.authcapture.created', charge))).status).toBe(200);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });
  expect((await moneyOf(app, user.id)).payments[0]).toMatchObject({ status: 'approved', cardLast4: '1111', cardBrand: 'Visa' });

  // The member's retry now simply reports the approved payment.
  const retry = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(retry.status).toBe(200);
  expect(fake.charges.slice(since)).toHaveLength(1);
  expect(await moneyOf(app, user.id)).toMatchObject({ credits: 1, balance: pkg.tokens });
});

it('accepts events it has no use for, and answers 422 to a signed body that is not a notification', async () => {
  const body = JSON.stringify({ notificationId: randomUUID(), eventType: 'net.authorize.customer.created', payload: { id: '123' } });
  expect((await fake.sendWebhook(appUrl, body)).status).toBe(200);
  expect((await fake.sendWebhook(appUrl, 'not json')).status).toBe(422);
  expect((await fake.sendWebhook(appUrl, JSON.stringify({ hello: 'world' }))).status).toBe(422);
});

it('keeps the ordinary JSON parser for every other route', async () => {
  const { token } = await createMember(app);
  const url = `${appUrl}/api/payment/transactions/request`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const bad = await fetch(url, { method: 'POST', headers, body: '{' });
  expect(bad.status).toBe(422);
  expect(((await bad.json()) as { msg: string }).msg).toBe('The request body is not valid JSON.');
  const parsed = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ packageId: 'x' }) });
  expect(((await parsed.json()) as { details: { fields: Record<string, string> } }).details.fields).toHaveProperty('packageId');
});
