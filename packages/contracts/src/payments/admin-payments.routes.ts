import { idParamSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminPaymentDetailSchema, refundPaymentSchema, reversePaymentSchema } from './payments';
import { adminPaymentPaths } from './admin-payments.paths';

const tags = ['admin', 'payments'];

/**
 * Administrators open one payment and reverse it (docs/product.md#refunds-and-chargebacks). The
 * lists themselves are `paymentRoutes.adminPayments` and `paymentRoutes.adminInvoices`.
 */
export const adminPaymentRoutes = {
  detail: defineRoute({
    ...adminPaymentPaths.detail,
    access: 'admin',
    tags,
    summary: 'One payment with its invoice and the member’s balance now',
    params: idParamSchema,
    answer: adminPaymentDetailSchema,
  }),
  refund: defineRoute({
    ...adminPaymentPaths.refund,
    access: 'admin',
    tags,
    summary: 'Refund an approved payment: the money goes back to the card, the tokens leave the wallet',
    description: [
      '`{reason, tokens?}`: `tokens` refunds part of the payment (at most what the member holds) for its share of the money.',
      'Only an approved payment. 409 when it is not approved (or another refund is under way), or when the member no longer holds',
      'the tokens asked for (the message says how many they hold). The provider refunds the card (or voids a whole charge not',
      'settled yet); when it refuses, 502 with its words and nothing changes.',
    ].join(' '),
    params: idParamSchema,
    body: refundPaymentSchema,
    answer: adminPaymentDetailSchema,
  }),
  chargeback: defineRoute({
    ...adminPaymentPaths.chargeback,
    access: 'admin',
    tags,
    summary: 'Record a chargeback: the card’s bank took the money back; the tokens leave the wallet (as many as it holds)',
    description: 'Only an approved payment (409 otherwise). No provider call. A wallet never goes below zero: see docs/product.md.',
    params: idParamSchema,
    body: reversePaymentSchema,
    answer: adminPaymentDetailSchema,
  }),
};
