import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, users } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { newPerson, registerVerifyAndLogin } from './helpers';

/**
 * Welcome tokens (docs/product.md#welcome-tokens): every new member gets `signupFreeTokens`, written
 * to the ledger with the account; models get none; 0 writes nothing.
 */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const setWelcome = async (tokens: number) =>
  expect((await app.request('PUT', '/api/admin/settings', { token: admin, body: { signupFreeTokens: tokens } })).status).toBe(200);
const walletOf = async (token: string) => (await app.request('GET', '/api/wallet', { token })).body.data.balance;
const historyOf = async (token: string) => (await app.request('GET', '/api/wallet/entries', { token })).body.data;
const grantsTo = async (email: string) => {
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return app.ctx.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `signup:${user!.id}`));
};

describe('welcome tokens', () => {
  it('gives a new member the set tokens, shown in their history as welcome tokens', async () => {
    await setWelcome(12.5);
    const { token } = await registerVerifyAndLogin(app);
    expect(await walletOf(token)).toBe(12.5);
    expect(await historyOf(token)).toEqual({
      items: [expect.objectContaining({ kind: 'signup_bonus', amount: 12.5, memo: 'Welcome tokens' })],
      count: 1,
    });
    const check = await app.request('GET', '/api/admin/ledger/check', { token: admin });
    expect(check.body.data.ok).toBe(true);
  });

  it('gives nothing, and writes no entry, when the setting is 0', async () => {
    await setWelcome(0);
    const { person, token } = await registerVerifyAndLogin(app);
    expect(await walletOf(token)).toBe(0);
    expect(await historyOf(token)).toEqual({ items: [], count: 0 });
    expect(await grantsTo(person.email)).toEqual([]);
  });

  it('applies a changed value to the next sign-up, and leaves earlier members as they were', async () => {
    await setWelcome(3);
    const first = await registerVerifyAndLogin(app);
    await setWelcome(1000);
    const second = await registerVerifyAndLogin(app);
    expect(await walletOf(first.token)).toBe(3);
    expect(await walletOf(second.token)).toBe(1000);
  });

  it('gives models none (tokens a model holds can be paid out)', async () => {
    await setWelcome(20);
    const { person, token } = await registerVerifyAndLogin(app, newPerson({ type: 'model' }));
    expect(await walletOf(token)).toBe(0);
    expect(await grantsTo(person.email)).toEqual([]);
  });

  it('grants once per member, and a refused registration grants nothing', async () => {
    await setWelcome(4);
    const person = newPerson();
    const { token } = await registerVerifyAndLogin(app, person);
    const again = await app.request('POST', '/api/auth/register', { body: { ...person, username: `${person.username}x` } });
    expect(again.status).toBe(409);
    expect(await walletOf(token)).toBe(4);
    expect(await grantsTo(person.email)).toHaveLength(1);
    const [grant] = await grantsTo(person.email);
    // A second grant with the same key is a replay, not a second movement.
    const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    const replay = await app.ctx.ledger.grantSignupTokens({ userId: user!.id, amount: 400 });
    expect(replay).toMatchObject({ replayed: true, transactionId: grant!.id });
    expect(await walletOf(token)).toBe(4);
  });
});
