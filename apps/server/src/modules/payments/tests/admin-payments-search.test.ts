import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@cc/contracts';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, sandboxNonce, starter } from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const payments = (query = '', token = admin.token) => app.request('GET', `/api/admin/payments${query}`, { token });
const invoices = (query = '', token = admin.token) => app.request('GET', `/api/admin/invoices${query}`, { token });
const detail = (id: string, token = admin.token) => app.request('GET', `/api/admin/payments/${id}`, { token });
const ids = (res: { body: { data: { items: { _id: string }[] } } }) => res.body.data.items.map((i) => i._id);

async function boughtBy(member: Member, card: string = SANDBOX_CARDS.approved) {
  const res = await buy(app, member.token, {
    packageId: (await starter(app))._id,
    payment: { kind: 'card', opaqueData: await sandboxNonce(app, card) },
  });
  return res.body.data?.payment ?? (await payments(`?q=${member.user.email}`)).body.data.items[0];
}

describe('an administrator searches payments and invoices', () => {
  let zoe: Member;
  let other: Member;
  let paid: { _id: string; invoiceId: string };
  let declined: { _id: string };
  let invoiceNumber: string;
  let providerTransactionId: string;

  beforeAll(async () => {
    zoe = await createMember(app, { name: 'Zoe Quartermain', username: `zoe_${Date.now()}` });
    other = await createMember(app);
    paid = await boughtBy(zoe);
    declined = await boughtBy(zoe, SANDBOX_CARDS.declined);
    await boughtBy(other);
    const invoice = await app.request('GET', `/api/invoice/${paid.invoiceId}`, { token: zoe.token });
    invoiceNumber = invoice.body.data.number;
    providerTransactionId = (await detail(paid._id)).body.data.providerTransactionId;
  });

  it('finds a member’s payments by name, e-mail, username (with or without @), and nobody else’s', async () => {
    for (const q of ['quartermain', zoe.user.email.toUpperCase(), zoe.user.username, `@${zoe.user.username}`]) {
      const res = await payments(`?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(ids(res).sort(), q).toEqual([paid._id, declined._id].sort());
      expect(res.body.data.count, q).toBe(2);
    }
  });

  it('finds a payment by its provider transaction id and by its invoice number', async () => {
    expect(ids(await payments(`?q=${providerTransactionId}`))).toEqual([paid._id]);
    expect(ids(await payments(`?q=${invoiceNumber}`))).toEqual([paid._id]);
    expect(ids(await payments(`?q=${invoiceNumber.toLowerCase()}`))).toEqual([paid._id]);
  });

  it('combines text with status, and a wildcard in the text matches itself only', async () => {
    expect(ids(await payments(`?q=quartermain&status=declined`))).toEqual([declined._id]);
    expect(ids(await payments(`?q=quartermain&status=approved`))).toEqual([paid._id]);
    expect((await payments(`?q=%25`)).body.data.items).toEqual([]);
    expect((await payments(`?q=quartermain&status=`)).body.data.count).toBe(2);
  });

  it('bounds payments by date: a bare `to` date includes its whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await payments(`?q=quartermain&from=${today}&to=${today}`)).sort()).toEqual([paid._id, declined._id].sort());
    expect((await payments(`?q=quartermain&to=2020-01-01`)).body.data.items).toEqual([]);
    expect((await payments(`?q=quartermain&from=2999-01-01`)).body.data.items).toEqual([]);
  });

  it('shows no reversal on a payment nobody reversed', async () => {
    const row = (await payments(`?q=${providerTransactionId}`)).body.data.items[0];
    expect(row).toMatchObject({ status: 'approved', reversal: null, user: { _id: zoe.user.id, name: 'Zoe Quartermain' } });
  });

  it('searches invoices by number, buyer name or e-mail, status and date', async () => {
    expect(ids(await invoices(`?q=${invoiceNumber}`))).toEqual([paid.invoiceId]);
    expect(ids(await invoices(`?q=quartermain`))).toEqual([paid.invoiceId]);
    expect(ids(await invoices(`?q=${encodeURIComponent(zoe.user.email)}&status=paid`))).toEqual([paid.invoiceId]);
    expect((await invoices(`?q=quartermain&status=refunded`)).body.data).toEqual({ items: [], count: 0 });
    expect((await invoices(`?q=quartermain&to=2020-01-01`)).body.data.count).toBe(0);
    const all = await invoices();
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBeGreaterThanOrEqual(2);
  });

  it('opens one payment with its invoice and the member’s balance now', async () => {
    const res = await detail(paid._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: paid._id,
      status: 'approved',
      packageName: 'Starter',
      amountCents: 999,
      cardLast4: '1111',
      memberBalance: 100,
      reversal: null,
      invoice: { _id: paid.invoiceId, number: invoiceNumber, status: 'paid', buyer: { name: 'Zoe Quartermain' } },
    });
    const failed = await detail(declined._id);
    expect(failed.body.data).toMatchObject({ status: 'declined', invoice: null, memberBalance: 100 });
  });
});

describe('who may read, and bad input', () => {
  it('anonymous 401, members and models 403, on every admin payments read', async () => {
    const member = await createMember(app);
    const model = await createModel(app);
    for (const path of ['/api/admin/payments', '/api/admin/invoices', `/api/admin/payments/${unknownId}`]) {
      expect((await app.request('GET', path)).status, path).toBe(401);
      expect((await app.request('GET', path, { token: member.token })).status, path).toBe(403);
      expect((await app.request('GET', path, { token: model.token })).status, path).toBe(403);
    }
  });

  it('answers 404 for an unknown payment and 422 naming the field for a bad id or filter', async () => {
    expect(await detail(unknownId)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', msg: 'That payment does not exist.' } });
    for (const [res, field] of [
      [await detail('not-an-id'), 'id'],
      [await detail('1%00'), 'id'],
      [await payments('?q=a%00b'), 'q'],
      [await payments(`?q=${'q'.repeat(81)}`), 'q'],
      [await payments('?status=paid'), 'status'],
      [await payments('?from=yesterday'), 'from'],
      [await payments('?to=2026-13-45'), 'to'],
      [await invoices('?status=approved'), 'status'],
      [await invoices('?q=a%00b'), 'q'],
      [await invoices('?from=soon'), 'from'],
    ] as const) {
      expect(res.status, field).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.msg, field).toContain(field);
    }
  });
});
