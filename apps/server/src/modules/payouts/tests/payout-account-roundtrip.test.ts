import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../../db/schema';
import { createAdmin, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { BANK, PAYPAL, requestPayout } from './helpers';

/**
 * A model reads her payout account back and may post it again as read (docs/product.md#payouts):
 * her PayPal address in full, the account number masked, and a masked number keeps the saved one.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const save = (token: string | undefined, body: unknown) =>
  app.request('POST', '/api/payout-account/', { ...(token ? { token } : {}), body });
const read = (token: string | undefined) => app.request('GET', '/api/payout-account/', token ? { token } : {});
const storedOf = async (userId: string) => (await app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];

/** What the xChat client's form posts for a bank transfer. */
const XCHAT_BANK = {
  type: 'bank',
  bankInfo: {
    bankName: 'Sparkasse Example',
    bankAddress: 'Hauptstraße 1, Berlin',
    iban: 'DE89 3704 0044 0532 0130 00',
    swift: 'COBADEFFXXX',
    beneficiaryName: 'Jane Doe',
    beneficiaryAddress: 'Nebenweg 2, Berlin',
  },
};

describe('her own PayPal address', () => {
  it('reads back in full, so she can check it', async () => {
    const { token } = await createModel(app);
    await save(token, { type: 'paypal', email: 'Jane.Doe@Example.com' });
    expect((await read(token)).body.data).toMatchObject({ type: 'paypal', email: 'jane.doe@example.com', bankInfo: null });
  });

  it('is not shown to another model, who reads only her own account', async () => {
    const jane = await createModel(app);
    await save(jane.token, PAYPAL);
    const other = await createModel(app);
    const res = await read(other.token);
    expect(res.body).toEqual({ data: null });
    expect(JSON.stringify(res.body)).not.toContain('jane.doe');
  });
});

describe('a bank account posted back as it was read', () => {
  it.each([
    ['as the GET shows it', (read: string) => read],
    ['in the starred form other clients show', () => '****3000'],
    ['with no digits at all', () => '••••'],
  ])('keeps the saved number when the number is masked %s', async (_how, masked) => {
    const { user, token } = await createModel(app);
    expect((await save(token, BANK)).status).toBe(200);
    const shown = (await read(token)).body.data;
    expect(shown.bankInfo.iban).toBe('•••• 3000');

    const again = await save(token, {
      type: shown.type,
      bankInfo: { ...shown.bankInfo, iban: masked(shown.bankInfo.iban), bankName: 'Renamed Bank' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.bankInfo).toMatchObject({ bankName: 'Renamed Bank', iban: '•••• 3000' });
    expect(await storedOf(user.id)).toMatchObject({ details: { iban: 'DE89370400440532013000', bankName: 'Renamed Bank' } });
  });

  it('lets the administrator who pays her see and use the saved number', async () => {
    const model = await createModel(app, { modelStatus: 'approved' });
    await giveTokens(app, model.user.id, 300);
    await save(model.token, BANK);
    const shown = (await read(model.token)).body.data;
    expect((await save(model.token, { type: shown.type, bankInfo: shown.bankInfo })).status).toBe(200);
    expect((await requestPayout(app, model, 150)).status).toBe(201);

    const admin = await createAdmin(app);
    const list = await app.request('GET', '/api/admin/payout-requests?status=pending&limit=100', { token: admin.token });
    const mine = list.body.data.items.find((r: { modelId: string }) => r.modelId === model.user.id);
    expect(mine.payTo.bankInfo).toMatchObject({ iban: 'DE89370400440532013000', bankName: 'Example Bank', swift: 'COBADEFFXXX' });
    expect(mine.payoutAccount.bankInfo.iban).toBe('•••• 3000');
  });

  it('replaces the saved number with a new real one', async () => {
    const { user, token } = await createModel(app);
    await save(token, BANK);
    const res = await save(token, { ...BANK, bankInfo: { ...BANK.bankInfo, iban: 'GB82 WEST 1234 5698 7654 32' } });
    expect(res.status).toBe(200);
    expect(res.body.data.bankInfo.iban).toBe('•••• 5432');
    expect(await storedOf(user.id)).toMatchObject({ details: { iban: 'GB82WEST12345698765432' } });
  });

  it.each([
    ['no saved account', null, '•••• 3000'],
    ['a saved PayPal account', PAYPAL, '•••• 3000'],
    ['a saved number ending otherwise', BANK, '•••• 9999'],
  ])('refuses a masked number with %s: 422 on the number, the account unchanged', async (_what, before, iban) => {
    const { user, token } = await createModel(app);
    if (before) await save(token, before);
    const stored = await storedOf(user.id);
    const res = await save(token, { ...BANK, bankInfo: { ...BANK.bankInfo, iban } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields)).toEqual(['bankInfo.iban']);
    expect(await storedOf(user.id)).toEqual(stored);
  });
});

describe('the xChat client’s body', () => {
  it('is saved, read back with every field she gave (the number masked), and posted back unchanged', async () => {
    const { user, token } = await createModel(app);
    const saved = await save(token, XCHAT_BANK);
    expect(saved.status).toBe(200);
    const shown = (await read(token)).body.data;
    expect(shown).toMatchObject({
      type: 'bank_transfer',
      email: null,
      bankInfo: { ...XCHAT_BANK.bankInfo, iban: '•••• 3000' },
    });

    // Its form posts `{type, bankInfo}` from what it read, the masked number included.
    expect((await save(token, { type: 'bank', bankInfo: shown.bankInfo })).status).toBe(200);
    expect(await storedOf(user.id)).toMatchObject({
      method: 'bank_transfer',
      details: { ...XCHAT_BANK.bankInfo, iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    });
  });

  it('saves its PayPal body, an e-mail beside an empty bankInfo ignored', async () => {
    const { token } = await createModel(app);
    const res = await save(token, { type: 'paypal', email: 'jane@pay.example', bankInfo: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'paypal', email: 'jane@pay.example', bankInfo: null });
  });
});

describe('who may call and bad input', () => {
  it('answers 401 without a session', async () => {
    expect((await save(undefined, XCHAT_BANK)).status).toBe(401);
  });

  it.each([
    ['a NUL in the masked number', '••••\u00003000'],
    ['nested junk for the number', { $ne: '' }],
    ['a huge masked number', `${'•'.repeat(100_000)}3000`],
  ])('refuses %s with 422 and keeps the saved account', async (_what, iban) => {
    const { user, token } = await createModel(app);
    await save(token, BANK);
    const stored = await storedOf(user.id);
    const res = await save(token, { ...XCHAT_BANK, bankInfo: { ...XCHAT_BANK.bankInfo, iban } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details.fields)).toContain('bankInfo.iban');
    expect(await storedOf(user.id)).toEqual(stored);
  });
});
