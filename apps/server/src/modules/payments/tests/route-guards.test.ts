import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { paymentCustomers, paymentMethods, payments, tokenPackages, webhookEvents } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, sandboxNonce, starter } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const id = randomUUID();
const memberRoutes = [
  { method: 'POST', url: '/api/payment/authorizenet/token' },
  { method: 'GET', url: '/api/payment/authorizenet/customer-profile' },
  { method: 'POST', url: '/api/payment/authorizenet/customer-profile', body: { opaqueData: { dataDescriptor: 'x', dataValue: 'y' } } },
  { method: 'DELETE', url: `/api/payment/authorizenet/customer-profile/${id}` },
  {
    method: 'POST',
    url: '/api/payment/transactions/request',
    body: { packageId: id, idempotencyKey: id, payment: { kind: 'saved', paymentMethodId: id } },
  },
  { method: 'GET', url: '/api/payment/transactions' },
  { method: 'GET', url: '/api/invoice' },
  { method: 'GET', url: `/api/invoice/${id}` },
];
const adminRoutes = [
  { method: 'GET', url: '/api/admin/token-packages' },
  { method: 'POST', url: '/api/admin/token-packages', body: { name: 'Evil', tokens: 100, priceCents: 100 } },
  { method: 'PUT', url: `/api/admin/token-packages/${id}`, body: { priceCents: 50 } },
  { method: 'DELETE', url: `/api/admin/token-packages/${id}` },
  { method: 'GET', url: '/api/admin/payments' },
  { method: 'GET', url: '/api/admin/invoices' },
];

describe.each([...memberRoutes, ...adminRoutes])('$method $url', ({ method, url, body }) => {
  it('answers 401 without a token, even to a bad body', async () => {
    const res = await app.request(method, url, {
      body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true }),
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe.each(adminRoutes)('$method $url', ({ method, url, body }) => {
  it('answers 403 to a member and to a model', async () => {
    for (const { token } of [await createMember(app), await createModel(app)]) {
      const res = await app.request(method, url, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });
});

it('the shop and the sandbox card script are public', async () => {
  expect((await app.request('GET', '/api/token-package')).status).toBe(200);
  expect((await app.app.inject({ method: 'GET', url: '/api/payment/sandbox/accept.js' })).statusCode).toBe(200);
});

it('refuses bad input with 422 naming the field, and writes nothing', async () => {
  const { token } = await createMember(app);
  const pkg = await starter(app);
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
  const purchases = [
    {},
    { packageId: 'nope', idempotencyKey: randomUUID(), payment: { kind: 'card', opaqueData } },
    { packageId: pkg._id, idempotencyKey: 'short', payment: { kind: 'card', opaqueData } },
    { packageId: pkg._id, idempotencyKey: randomUUID() },
    { packageId: pkg._id, idempotencyKey: randomUUID(), payment: { kind: 'cash' } },
    { packageId: pkg._id, idempotencyKey: randomUUID(), payment: { kind: 'card', opaqueData: { dataDescriptor: '', dataValue: '' } } },
    { packageId: pkg._id, idempotencyKey: randomUUID(), payment: { kind: 'saved', paymentMethodId: 'x' } },
  ];
  for (const body of purchases) {
    const res = await app.request('POST', '/api/payment/transactions/request', { token, body });
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.fields).toBeDefined();
  }
  const saves = [{}, { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' } }];
  for (const body of saves)
    expect((await app.request('POST', '/api/payment/authorizenet/customer-profile', { token, body })).status).toBe(422);
  expect((await app.request('GET', '/api/payment/transactions?limit=0', { token })).status).toBe(422);
  expect((await app.request('GET', '/api/invoice?skip=-1', { token })).status).toBe(422);
  expect((await app.request('GET', '/api/invoice/not-an-id', { token })).status).toBe(422);
  const admin = await createAdmin(app);
  expect((await app.request('GET', '/api/admin/payments?status=lost', { token: admin.token })).status).toBe(422);

  expect(await app.ctx.db.select().from(payments)).toEqual([]);
  expect(await app.ctx.db.select().from(paymentMethods)).toEqual([]);
  expect(await app.ctx.db.select().from(paymentCustomers)).toEqual([]);
  // The unused nonce is still good: nothing spent it.
  expect((await app.ctx.db.select().from(webhookEvents)).length).toBe(0);
  expect((await app.ctx.db.select().from(tokenPackages)).length).toBe(3);
  expect((await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } })).status).toBe(200);
});

it('an invoice is seen by its buyer and administrators only', async () => {
  const buyer = await createMember(app);
  const other = await createMember(app);
  const admin = await createAdmin(app);
  const res = await buy(app, buyer.token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
  });
  const invoiceId = res.body.data.payment.invoiceId as string;

  expect((await app.request('GET', `/api/invoice/${invoiceId}`, { token: buyer.token })).status).toBe(200);
  expect((await app.request('GET', `/api/invoice/${invoiceId}`, { token: other.token })).status).toBe(404);
  expect((await app.request('GET', '/api/invoice', { token: other.token })).body.data).toEqual({ items: [], count: 0 });
  expect((await app.request('GET', '/api/payment/transactions', { token: other.token })).body.data).toEqual({ items: [], count: 0 });

  const asAdmin = await app.request('GET', `/api/invoice/${invoiceId}`, { token: admin.token });
  expect(asAdmin.status).toBe(200);
  expect(asAdmin.body.data.buyer.email).toBe(buyer.user.email);

  const adminPayments = await app.request('GET', '/api/admin/payments?status=approved', { token: admin.token });
  expect(adminPayments.status).toBe(200);
  expect(adminPayments.body.data.items.find((p: { _id: string }) => p._id === res.body.data.payment._id)).toMatchObject({
    provider: 'sandbox',
    providerTransactionId: expect.any(String),
    user: { _id: buyer.user.id, email: buyer.user.email },
  });
  expect((await app.request('GET', '/api/admin/payments?status=declined', { token: admin.token })).body.data.count).toBe(0);
  const adminInvoices = await app.request('GET', '/api/admin/invoices', { token: admin.token });
  expect(adminInvoices.body.data.items.map((i: { _id: string }) => i._id)).toContain(invoiceId);
});
