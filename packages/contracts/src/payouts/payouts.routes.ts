import { idParamSchema, listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  payoutAccountInputSchema,
  payoutAccountSchema,
  payoutDecisionSchema,
  payoutPaidSchema,
  payoutRequestInputSchema,
  payoutRequestSchema,
  payoutRequestsQuerySchema,
} from './payouts';
import { payoutsPaths } from './payouts.paths';

const tags = ['payouts'];

/** Payout accounts and requests for models; decisions for administrators (docs/product.md#payouts). */
export const payoutsRoutes = {
  account: defineRoute({
    ...payoutsPaths.account,
    access: 'member',
    tags,
    summary: 'Models: my payout account, the account number masked (null when there is none)',
    description: 'The PayPal e-mail in full (its owner checks it); a bank account number as its last four.',
    answer: payoutAccountSchema.nullable(),
  }),
  saveAccount: defineRoute({
    ...payoutsPaths.saveAccount,
    access: 'member',
    tags,
    summary: 'Models: set my payout account (bank transfer or PayPal)',
    description:
      "`{type: 'paypal', email}` or `{type: 'bank_transfer' (or 'bank'), bankInfo: {beneficiaryName, bankName, iban, swift?, bankAddress?, beneficiaryAddress?}}`. An `iban` sent back masked as it was read (`•••• 1234`, `****1234`) keeps the saved number.",
    body: payoutAccountInputSchema,
    answer: payoutAccountSchema,
  }),
  requests: defineRoute({
    ...payoutsPaths.requests,
    access: 'member',
    tags,
    summary: 'Models: my payout requests, newest first',
    query: pageQuerySchema,
    answer: listOf(payoutRequestSchema),
  }),
  request: defineRoute({
    ...payoutsPaths.request,
    access: 'member',
    tags,
    summary: 'Models: request a payout; the tokens leave the balance at once',
    description:
      "`token` in tokens (at least `minPayoutTokens`, at most the balance) and `verifyCode` from POST /users/otp/. `email`, when sent, must be the account's own.",
    body: payoutRequestInputSchema,
    status: 201,
    answer: payoutRequestSchema,
  }),
  adminList: defineRoute({
    ...payoutsPaths.adminList,
    access: 'admin',
    tags: ['admin', ...tags],
    summary: 'Payout requests of every model, newest first, by status',
    query: payoutRequestsQuerySchema,
    answer: listOf(payoutRequestSchema),
  }),
  approve: defineRoute({
    ...payoutsPaths.approve,
    access: 'admin',
    tags: ['admin', ...tags],
    summary: 'Approve a pending payout request (once; 409 when already decided)',
    params: idParamSchema,
    body: payoutDecisionSchema,
    answer: payoutRequestSchema,
  }),
  markPaid: defineRoute({
    ...payoutsPaths.markPaid,
    access: 'admin',
    tags: ['admin', ...tags],
    summary: 'Mark an approved payout request paid (once; 409 otherwise)',
    description: '`{note?, reference?}`: `reference` is the transfer reference the model reads beside the payment.',
    params: idParamSchema,
    body: payoutPaidSchema,
    answer: payoutRequestSchema,
  }),
  reject: defineRoute({
    ...payoutsPaths.reject,
    access: 'admin',
    tags: ['admin', ...tags],
    summary: 'Reject a pending payout request; the tokens return to the model (once; 409 otherwise)',
    params: idParamSchema,
    body: payoutDecisionSchema,
    answer: payoutRequestSchema,
  }),
};
