import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { logCapture } from '../../../test-support/log-capture';
import { BANK, PAYPAL } from './helpers';

let app: TestApp;
const { stream: logStream, lines } = logCapture();
beforeAll(async () => {
  // Request logging on (debug), so the log test below sees every request these tests make.
  app = await createTestApp({ logStream });
});
afterAll(() => app.close());

const save = (token: string | undefined, body: unknown) =>
  app.request('POST', '/api/payout-account/', { ...(token ? { token } : {}), body });
const read = (token: string | undefined) => app.request('GET', '/api/payout-account/', token ? { token } : {});
const accountRows = async (userId: string) => app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));

describe('a model’s payout account', () => {
  it('starts empty, is saved as PayPal and read back to her with the address in full', async () => {
    const { user, token } = await createModel(app);
    expect((await read(token)).body).toEqual({ data: null });

    const saved = await save(token, PAYPAL);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      _id: expect.any(String),
      type: 'paypal',
      email: 'jane.doe@example.com',
      bankInfo: null,
      updatedAt: expect.any(String),
    });
    expect((await read(token)).body.data).toEqual(saved.body.data);
    expect((await accountRows(user.id))[0]).toMatchObject({ method: 'paypal', details: { email: 'jane.doe@example.com' } });
  });

  it('is one per model: saving a bank account replaces PayPal, the account number shown as its last four', async () => {
    const { user, token } = await createModel(app);
    await save(token, PAYPAL);
    const saved = await save(token, BANK);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      _id: expect.any(String),
      type: 'bank_transfer',
      email: null,
      bankInfo: {
        beneficiaryName: 'Jane Doe',
        bankName: 'Example Bank',
        iban: '•••• 3000',
        swift: 'COBADEFFXXX',
        bankAddress: null,
        beneficiaryAddress: null,
      },
      updatedAt: expect.any(String),
    });
    expect((await read(token)).body.data).toEqual(saved.body.data);
    const rows = await accountRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'bank_transfer', details: { iban: 'DE89370400440532013000' } });
  });

  it('accepts the other spellings a client may use: method for type, bank for bank_transfer', async () => {
    const { token } = await createModel(app);
    const saved = await save(token, { method: 'bank', bankInfo: { beneficiaryName: 'Ann', bankName: 'B', iban: '12345678' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ type: 'bank_transfer', bankInfo: { iban: '•••• 5678', swift: null } });
  });

  it('never shows the full account number, and logs neither it nor the PayPal address', async () => {
    const { token } = await createModel(app);
    const secretIban = 'GB33BUKB20201555555555';
    const secretEmail = 'hidden.person@secret-mail.test';
    const answers = [
      await save(token, { type: 'bank_transfer', bankInfo: { beneficiaryName: 'Ann', bankName: 'B', iban: secretIban } }),
      await read(token),
      await save(token, { type: 'paypal', email: secretEmail }),
      await read(token),
      await save(token, { type: 'bank_transfer', bankInfo: { beneficiaryName: 'Ann', bankName: 'B', iban: `${secretIban}!` } }),
    ];
    const log = lines.join('');
    expect(log).toContain('"url":"/api/payout-account/"');
    for (const secret of [secretIban, secretIban.slice(0, 12), secretEmail, 'hidden.person']) expect(log).not.toContain(secret);
    const shown = JSON.stringify(answers.map((a) => a.body));
    for (const secret of [secretIban, secretIban.slice(0, 12)]) expect(shown).not.toContain(secret);
  });
});

describe('who may use it', () => {
  it('answers 401 without a session', async () => {
    expect((await read(undefined)).status).toBe(401);
    expect((await save(undefined, PAYPAL)).status).toBe(401);
  });

  it('answers 403 NOT_A_MODEL to members and administrators, and stores nothing for them', async () => {
    for (const { user, token } of [await createMember(app), await createAdmin(app)]) {
      const saved = await save(token, PAYPAL);
      expect(saved.status).toBe(403);
      expect(saved.body).toMatchObject({ code: 'NOT_A_MODEL', msg: 'Only models have a payout account.' });
      expect((await read(token)).status).toBe(403);
      expect(await accountRows(user.id)).toEqual([]);
    }
  });
});

describe('bad input', () => {
  const refusals: [string, unknown, string][] = [
    ['no method', { email: 'a@b.example' }, 'type'],
    ['an unknown method', { type: 'paxum', email: 'a@b.example' }, 'type'],
    ['PayPal without an address', { type: 'paypal' }, 'email'],
    ['PayPal with a bad address', { type: 'paypal', email: 'not-an-email' }, 'email'],
    ['an address with a NUL byte', { type: 'paypal', email: 'a\u0000b@example.com' }, 'email'],
    ['a huge address', { type: 'paypal', email: `${'a'.repeat(100_000)}@example.com` }, 'email'],
    ['a bank without details', { type: 'bank_transfer' }, 'bankInfo.beneficiaryName'],
    ['a bank with a short account number', { ...BANK, bankInfo: { ...BANK.bankInfo, iban: '123' } }, 'bankInfo.iban'],
    ['an account number with a NUL byte', { ...BANK, bankInfo: { ...BANK.bankInfo, iban: 'DE89\u00003704004405' } }, 'bankInfo.iban'],
    ['a name where the account number goes', { ...BANK, bankInfo: { ...BANK.bankInfo, iban: 'Luna Star' } }, 'bankInfo.iban'],
    ['an IBAN with one digit mistyped', { ...BANK, bankInfo: { ...BANK.bankInfo, iban: 'DE89 3704 0044 0532 0130 01' } }, 'bankInfo.iban'],
    ['an IBAN too short for its country', { ...BANK, bankInfo: { ...BANK.bankInfo, iban: 'DE89 3704 0044 0532 0130' } }, 'bankInfo.iban'],
    [
      'a holder name with a NUL byte',
      { ...BANK, bankInfo: { ...BANK.bankInfo, beneficiaryName: 'Jane\u0000Doe' } },
      'bankInfo.beneficiaryName',
    ],
    ['a bank address with a NUL byte', { ...BANK, bankInfo: { ...BANK.bankInfo, bankAddress: 'Main St\u00001' } }, 'bankInfo.bankAddress'],
    ['a huge holder name', { ...BANK, bankInfo: { ...BANK.bankInfo, beneficiaryName: 'x'.repeat(100_000) } }, 'bankInfo.beneficiaryName'],
    ['a bad SWIFT code', { ...BANK, bankInfo: { ...BANK.bankInfo, swift: 'NOPE' } }, 'bankInfo.swift'],
    ['nested junk for the holder', { ...BANK, bankInfo: { ...BANK.bankInfo, beneficiaryName: { $gt: '' } } }, 'bankInfo.beneficiaryName'],
    ['nested junk for the address', { type: 'paypal', email: ['a@b.example'] }, 'email'],
  ];

  it.each(refusals)('refuses %s with 422 naming the field, and keeps the account it had', async (_what, body, field) => {
    const { user, token } = await createModel(app);
    await save(token, PAYPAL);
    const res = await save(token, body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields)).toContain(field);
    expect((await read(token)).body.data).toMatchObject({ type: 'paypal', email: 'jane.doe@example.com' });
    expect((await accountRows(user.id))[0]).toMatchObject({ method: 'paypal', details: { email: 'jane.doe@example.com' } });
  });

  it('says what is wrong with an account number: a bad IBAN, or not a number at all', async () => {
    const { token } = await createModel(app);
    const iban = async (value: string) =>
      (await save(token, { ...BANK, bankInfo: { ...BANK.bankInfo, iban: value } })).body.details?.fields?.['bankInfo.iban'];
    expect(await iban('GB82 WEST 1234 5698 7654 33')).toBe(
      'That IBAN is not valid: check the country code, the two check digits and the length',
    );
    expect(await iban('Luna Star')).toBe('Enter an IBAN (like DE89 3704 0044 0532 0130 00) or an account number of 6 to 20 digits');
    // A valid IBAN, written with spaces or hyphens, and a local account number pass.
    expect(await iban('GB82-WEST-1234-5698-7654-32')).toBeUndefined();
    expect(await iban('000123456789')).toBeUndefined();
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    const { user, token } = await createModel(app);
    const garbled = await app.request('POST', '/api/payout-account/', {
      token,
      body: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(422);
    expect((await save(token, ['paypal'])).status).toBe(422);
    expect(await accountRows(user.id)).toEqual([]);
  });
});
