import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { hundredthsToTokens, type OpaqueData, type TokenPackage } from '@cc/contracts';
import { invoices, ledgerTransactions, payments } from '../../../db/schema';
import type { TestApp, TestResponse } from '../../../test-support/harness';
import { walletBalance } from '../../wallet';

export const SANDBOX_AUTH = { apiLoginID: 'sandbox', clientKey: 'sandbox-public-client-key' };

/** A card turned into a nonce exactly as the sandbox script does it: POST /api/payment/sandbox/tokenize. */
export async function sandboxNonce(
  app: TestApp,
  cardNumber: string,
  card: { month?: string; year?: string; cardCode?: string } = {},
): Promise<OpaqueData> {
  const res = await app.request('POST', '/api/payment/sandbox/tokenize', {
    body: {
      authData: SANDBOX_AUTH,
      cardData: { cardNumber, month: card.month ?? '12', year: card.year ?? '2031', cardCode: card.cardCode ?? '123' },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.opaqueData as OpaqueData;
}

export async function activePackages(app: TestApp): Promise<TokenPackage[]> {
  const res = await app.request('GET', '/api/token-package');
  expect(res.status).toBe(200);
  return res.body.data.items as TokenPackage[];
}

/** The default "Starter" package (100.00 tokens for $9.99), as the shop lists it: tokens in tokens. */
export const starter = async (app: TestApp) => (await activePackages(app)).find((p) => p.name === 'Starter')!;

type Source = { kind: 'card'; opaqueData: OpaqueData; saveCard?: boolean } | { kind: 'saved'; paymentMethodId: string };

/** POST /api/payment/transactions/request in the richer shape, with a fresh idempotency key unless one is given. */
export function buy(
  app: TestApp,
  token: string,
  body: { packageId: string; payment: Source; idempotencyKey?: string } & Record<string, unknown>,
): Promise<TestResponse> {
  return app.request('POST', '/api/payment/transactions/request', { token, body: { idempotencyKey: randomUUID(), ...body } });
}

/**
 * Everything a purchase writes for one member, to prove it was written once or not at all: the rows
 * as stored (amounts in hundredths and cents) and the wallet `balance` in tokens, as the API shows it.
 */
export async function moneyOf(app: TestApp, userId: string) {
  const db = app.ctx.db;
  const rows = await db.select().from(payments).where(eq(payments.userId, userId));
  const keys = rows.map((p) => `payment:${p.id}`);
  const credits = keys.length
    ? await db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.kind, 'card_purchase'), inArray(ledgerTransactions.idempotencyKey, keys)))
    : [];
  return {
    payments: rows,
    invoices: await db.select().from(invoices).where(eq(invoices.userId, userId)),
    credits: credits.length,
    balance: hundredthsToTokens(await walletBalance(db, userId)),
  };
}
