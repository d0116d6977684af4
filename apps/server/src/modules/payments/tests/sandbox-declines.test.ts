import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createAdmin, createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, sandboxNonce, starter } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('a declined card credits nothing and says why', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.declined);

  const res = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(res.status).toBe(402);
  expect(res.body.code).toBe('CARD_DECLINED');
  expect(res.body.msg).toBe('Your card was declined: This transaction has been declined.');

  // The retry gets the same answer from the recorded payment.
  const again = await buy(app, token, { packageId: pkg._id, idempotencyKey, payment: { kind: 'card', opaqueData } });
  expect(again.status).toBe(402);
  expect(again.body.msg).toBe(res.body.msg);

  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 0, balance: 0, invoices: [] });
  expect(money.payments).toHaveLength(1);
  expect(money.payments[0]).toMatchObject({ status: 'declined', failureMessage: 'This transaction has been declined.', cardLast4: '0002' });

  const history = await app.request('GET', '/api/payment/transactions', { token });
  expect(history.body.data.items[0]).toMatchObject({
    status: 'declined',
    failureMessage: 'This transaction has been declined.',
    invoiceId: null,
  });
});

it('a processing error answers 502 and credits nothing', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const res = await buy(app, token, {
    packageId: pkg._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.processingError) },
  });
  expect(res.status).toBe(502);
  expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
  expect(res.body.msg).toContain('You have not been charged.');
  const money = await moneyOf(app, user.id);
  expect(money).toMatchObject({ credits: 0, balance: 0, invoices: [] });
  expect(money.payments[0]!.status).toBe('error');
});

it('a nonce works once: a new purchase with a spent nonce is refused', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const opaqueData = await sandboxNonce(app, SANDBOX_CARDS.approved);
  expect((await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } })).status).toBe(200);

  const reuse = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData } });
  expect(reuse.status).toBe(422);
  expect(reuse.body.code).toBe('CARD_NONCE_REFUSED');
  expect(reuse.body.msg).toContain('expired or were already used');
  expect((await moneyOf(app, user.id)).balance).toBe(pkg.tokens);
});

it('refuses a forged nonce without charging', async () => {
  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  const real = await sandboxNonce(app, SANDBOX_CARDS.declined);
  // Swap the behaviour inside the signed payload: the signature no longer matches.
  const [body, signature] = real.dataValue.split('.');
  const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
  const forged = `${Buffer.from(JSON.stringify({ ...payload, behaviour: 'approve' })).toString('base64url')}.${signature}`;

  const res = await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: { ...real, dataValue: forged } } });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('CARD_NONCE_REFUSED');
  expect((await moneyOf(app, user.id)).balance).toBe(0);
});

it('a retired or unknown package cannot be bought, and nothing is written', async () => {
  const { user, token } = await createMember(app);
  const admin = await createAdmin(app);
  const created = await app.request('POST', '/api/admin/token-packages', {
    token: admin.token,
    body: { name: 'Gone soon', tokens: 500, priceCents: 100 },
  });
  expect(created.status).toBe(201);
  expect((await app.request('DELETE', `/api/admin/token-packages/${created.body.data._id}`, { token: admin.token })).status).toBe(204);

  for (const packageId of [created.body.data._id, randomUUID()]) {
    const res = await buy(app, token, {
      packageId,
      payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('That token package is not available.');
  }
  expect(await moneyOf(app, user.id)).toMatchObject({ payments: [], credits: 0, balance: 0 });
});

it('refuses to reuse a purchase key for another package', async () => {
  const { token } = await createMember(app);
  const admin = await createAdmin(app);
  const other = await app.request('POST', '/api/admin/token-packages', {
    token: admin.token,
    body: { name: 'Other', tokens: 500, priceCents: 100 },
  });
  const pkg = await starter(app);
  const idempotencyKey = randomUUID();
  expect(
    (
      await buy(app, token, {
        packageId: pkg._id,
        idempotencyKey,
        payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
      })
    ).status,
  ).toBe(200);
  const res = await buy(app, token, {
    packageId: other.body.data._id,
    idempotencyKey,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) },
  });
  expect(res.status).toBe(409);
});
