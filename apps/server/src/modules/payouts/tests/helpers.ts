import { expect } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransactions, payoutRequests } from '../../../db/schema';
import { createModel, giveTokens } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { createAccountCodeService } from '../../accounts';

export const PAYPAL = { type: 'paypal', email: 'jane.doe@example.com' };
export const BANK = {
  type: 'bank_transfer',
  bankInfo: { beneficiaryName: 'Jane Doe', bankName: 'Example Bank', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' },
};

/** An approved model holding `tokens`, with a PayPal payout account unless told otherwise. */
export async function payoutModel(app: TestApp, tokens: number, { account = PAYPAL as object | null } = {}) {
  const model = await createModel(app);
  if (tokens > 0) await giveTokens(app, model.user.id, tokens);
  if (account) expect((await app.request('POST', '/api/payout-account/', { token: model.token, body: account })).status).toBe(200);
  return model;
}

/** A fresh account code for the member, as POST /users/otp/ would mail it (without the mail's send limit). */
export const freshCode = (app: TestApp, userId: string) => createAccountCodeService(app.ctx).issue({ userId, purpose: 'account' });

/** POST /api/payout-request with a fresh code; `token` in tokens. */
export async function requestPayout(app: TestApp, model: { user: { id: string }; token: string }, token: number) {
  const verifyCode = await freshCode(app, model.user.id);
  return app.request('POST', '/api/payout-request', { token: model.token, body: { token, verifyCode } });
}

/** Tokens in a member's wallet, as GET /wallet/balance would show them. */
export const balanceOf = async (app: TestApp, userId: string) => (await app.ctx.ledger.balanceOf(userId)) / 100;

/** Tokens in one of the site's accounts (0 before its first use). */
export async function siteBalance(app: TestApp, kind: 'payouts_pending' | 'payouts_paid') {
  const [row] = await app.ctx.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
  return (row?.balance ?? 0) / 100;
}

/** How many payout requests and payout ledger transactions this model has: both 0 after any refusal. */
export async function payoutTraces(app: TestApp, modelId: string) {
  const [requests] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payoutRequests)
    .where(eq(payoutRequests.modelId, modelId));
  const [holds] = await app.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'payout'),
        sql`exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transaction_id = ${ledgerTransactions.id} and a.user_id = ${modelId})`,
      ),
    );
  return { requests: requests?.n ?? 0, holds: holds?.n ?? 0 };
}

/** The ledger's own integrity check must pass. */
export async function expectLedgerClean(app: TestApp) {
  expect(await app.ctx.ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
}
