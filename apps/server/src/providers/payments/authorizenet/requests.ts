import type { OpaqueData } from '@cc/contracts';
import type { ChargeRequest, ProviderCustomer } from '../types';
import { centsToDollars } from './client';

/**
 * Request bodies, each written in the order of AnetApiSchema.xsd: the gateway validates JSON against
 * the XML schema and answers E00003 to a key out of place. `merchantAuthentication` is added first by
 * the client; everything here follows it.
 */

/**
 * The gateway refuses an identical charge within this many seconds. We never send one twice on
 * purpose (a lost answer is reconciled, not retried), so this is the safety net; 0 would remove it.
 */
export const DUPLICATE_WINDOW_SECONDS = 120;

/** Saving a card runs a small authorization, so a dead card is refused when saved, not at the next purchase. */
const VALIDATION_MODE = 'liveMode';

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function createTransaction(request: ChargeRequest) {
  const { source } = request;
  return {
    refId: request.reference,
    transactionRequest: {
      transactionType: 'authCaptureTransaction',
      amount: centsToDollars(request.amountCents),
      ...(source.kind === 'nonce'
        ? { payment: { opaqueData: { dataDescriptor: source.opaqueData.dataDescriptor, dataValue: source.opaqueData.dataValue } } }
        : { profile: { customerProfileId: source.customerProfileId, paymentProfile: { paymentProfileId: source.paymentProfileId } } }),
      order: { invoiceNumber: request.reference, description: clip(request.description, 255) },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }] },
    },
  };
}

const customerProfile = (customer: ProviderCustomer) => ({
  merchantCustomerId: clip(customer.merchantCustomerId, 20),
  email: clip(customer.email, 255),
});

export const createCustomerProfile = (customer: ProviderCustomer) => ({ profile: customerProfile(customer) });

/** After an approved charge: save its card under an existing profile, or under a new one. */
export const createCustomerProfileFromTransaction = (
  transId: string,
  target: { customerProfileId: string } | { customer: ProviderCustomer },
) => ({
  transId,
  ...('customer' in target ? { customer: customerProfile(target.customer) } : { customerProfileId: target.customerProfileId }),
});

export const createCustomerPaymentProfile = (customerProfileId: string, opaqueData: OpaqueData) => ({
  customerProfileId,
  paymentProfile: {
    customerType: 'individual',
    payment: { opaqueData: { dataDescriptor: opaqueData.dataDescriptor, dataValue: opaqueData.dataValue } },
  },
  validationMode: VALIDATION_MODE,
});

export const getCustomerPaymentProfile = (customerProfileId: string, customerPaymentProfileId: string) => ({
  customerProfileId,
  customerPaymentProfileId,
  unmaskExpirationDate: true,
});

export const deleteCustomerPaymentProfile = (customerProfileId: string, customerPaymentProfileId: string) => ({
  customerProfileId,
  customerPaymentProfileId,
});

const newestFirst = { sorting: { orderBy: 'submitTimeUTC', orderDescending: true }, paging: { limit: 1000, offset: 1 } };

export const getUnsettledTransactionList = () => ({ ...newestFirst });

/** Dates as the gateway wants them: UTC without milliseconds. */
const gatewayDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export const getSettledBatchList = (first: Date, last: Date) => ({
  includeStatistics: false,
  firstSettlementDate: gatewayDate(first),
  lastSettlementDate: gatewayDate(last),
});

export const getTransactionList = (batchId: string) => ({ batchId, ...newestFirst });

export const getTransactionDetails = (transId: string) => ({ transId });

/**
 * A refund of a settled charge: the gateway wants the card's last four digits and a masked expiry
 * ("XXXX") beside the charge's id, and at most the charged amount.
 */
export const refundTransaction = (input: { transactionId: string; amountCents: number; cardLast4: string; reference: string }) => ({
  refId: input.reference,
  transactionRequest: {
    transactionType: 'refundTransaction',
    amount: centsToDollars(input.amountCents),
    payment: { creditCard: { cardNumber: input.cardLast4, expirationDate: 'XXXX' } },
    refTransId: input.transactionId,
  },
});

/** Cancels a charge that has not settled yet (a refund of it is refused until the nightly settlement). */
export const voidTransaction = (input: { transactionId: string; reference: string }) => ({
  refId: input.reference,
  transactionRequest: { transactionType: 'voidTransaction', refTransId: input.transactionId },
});
