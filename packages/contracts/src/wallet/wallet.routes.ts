import { idParamSchema, listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  adjustBalanceSchema,
  earningListSchema,
  earningQuerySchema,
  ledgerCheckSchema,
  shareLoveResultSchema,
  shareLoveSchema,
  walletEntrySchema,
  walletSchema,
} from './wallet';
import { walletPaths } from './wallet.paths';

/** The ledger's routes: balance, statement, earnings, tips, and the administrators' adjustments. */
export const walletRoutes = {
  balance: defineRoute({
    ...walletPaths.balance,
    access: 'member',
    tags: ['wallet'],
    summary: 'My balance in tokens',
    answer: walletSchema,
  }),
  statement: defineRoute({
    ...walletPaths.statement,
    access: 'member',
    tags: ['wallet'],
    summary: 'My statement: what moved in and out of my wallet, newest first',
    query: pageQuerySchema,
    answer: listOf(walletEntrySchema),
  }),
  earnings: defineRoute({
    ...walletPaths.earnings,
    access: 'member',
    tags: ['wallet'],
    summary: 'My earnings (gross, commission, net) with totals, by source and by period; empty for a member who is not a model',
    query: earningQuerySchema,
    answer: earningListSchema,
  }),
  tip: defineRoute({
    ...walletPaths.tip,
    access: 'member',
    tags: ['wallet'],
    summary: 'Tip a model; the site keeps its commission',
    description: 'The amount is `token` (or `amount`) in tokens. `idempotencyKey` is optional: with it a retry tips once.',
    body: shareLoveSchema,
    status: 201,
    answer: shareLoveResultSchema,
  }),
  adjustBalance: defineRoute({
    ...walletPaths.adjustBalance,
    access: 'admin',
    tags: ['admin', 'wallet'],
    summary: 'Add or remove tokens with a reason (written to the ledger)',
    description:
      '`amount` is tokens, signed, at most two decimals. `idempotencyKey` (8–255 characters) is required: a doubled click adjusts once, and the server cannot tell a second adjustment from a retry without it.',
    params: idParamSchema,
    body: adjustBalanceSchema,
    answer: walletSchema,
  }),
  memberStatement: defineRoute({
    ...walletPaths.memberStatement,
    access: 'admin',
    tags: ['admin', 'wallet'],
    summary: "A member's statement, newest first",
    params: idParamSchema,
    query: pageQuerySchema,
    answer: listOf(walletEntrySchema),
  }),
  ledgerCheck: defineRoute({
    ...walletPaths.ledgerCheck,
    access: 'admin',
    tags: ['admin', 'wallet'],
    summary: 'Ledger integrity: unbalanced transactions and drifted balances (both empty when all is well)',
    answer: ledgerCheckSchema,
  }),
};
