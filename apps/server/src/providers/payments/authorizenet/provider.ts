import type { AuthorizeNetConfig } from '../../../config/config';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  TransactionResult,
  ProviderCustomer,
  RefundRequest,
  RefundResult,
  SavedProfile,
} from '../types';
import { CardNonceRefusedError, ProviderRequestError, ProviderUnreachableError } from '../types';
import { createAuthorizeNetClient, firstMessage, type AnetResponse, type AuthorizeNetClient } from './client';
import * as req from './requests';
import {
  batchListSchema,
  chargeResultOf,
  detailsResultOf,
  idsOf,
  lastFour,
  paymentProfileSchema,
  transactionDetailsSchema,
  transactionResponseSchema,
  transactionSummaryListSchema,
} from './responses';
import { isValidWebhookSignature } from './webhook-signature';

/** E00039: a duplicate; the gateway names the existing record ("…with ID 12345 already exists"). */
const DUPLICATE = 'E00039';
/** E00001: "An error occurred during processing." — the gateway's own failure. */
const INTERNAL_ERROR = 'E00001';
/**
 * The gateway's refusals of an Accept.js nonce (its "OTS token"): E00113 invalid token data, E00114
 * invalid (spent or never issued), E00115 expired, E00116 issued for another merchant, E00117 the
 * token service's field validation. No transaction exists after any of them.
 */
const NONCE_REFUSALS = new Set(['E00113', 'E00114', 'E00115', 'E00116', 'E00117']);
/** E00040: the record cannot be found. */
const NOT_FOUND = 'E00040';
/** Response reason 54: "The referenced transaction does not meet the criteria for issuing a credit." — not settled yet, among others. */
const NOT_REFUNDABLE = '54';
/** Settled batches are searched this far back from the payment (the gateway allows 31 days at once). */
const SETTLED_SEARCH_MARGIN_MS = 24 * 3600_000;
const MAX_SETTLED_SPAN_MS = 30 * 24 * 3600_000;

type Deps = {
  config: AuthorizeNetConfig;
  /** Called when something that does not change the outcome went wrong (a card not saved). */
  warn?: (message: string, error: unknown) => void;
  client?: AuthorizeNetClient;
};

/** Authorize.Net over its JSON API, with Accept.js nonces in the browser. */
export function createAuthorizeNetProvider({ config, warn = () => {}, client = createAuthorizeNetClient(config) }: Deps): PaymentProvider {
  const profiles = customerProfiles(client);
  const lookups = transactionLookups(client);
  return {
    name: 'authorizenet',

    acceptConfig: () => ({
      provider: 'authorizenet',
      scriptUrl: config.acceptJsUrl,
      apiLoginId: config.apiLoginId,
      clientKey: config.clientKey,
    }),

    ...charges(client, cardSaving(client, warn, profiles.paymentProfileDetails)),
    createCustomerProfile: profiles.createCustomerProfile,
    addPaymentProfile: profiles.addPaymentProfile,
    deletePaymentProfile: profiles.deletePaymentProfile,
    ...lookups,
    ...refunds(client),

    verifyWebhook: (rawBody, signatureHeader) => isValidWebhookSignature(rawBody, signatureHeader, config.signatureKey),
  };
}

const ok = (response: AnetResponse) => response.messages.resultCode === 'Ok';
const refuse = (response: AnetResponse): never => {
  const message = firstMessage(response);
  if (NONCE_REFUSALS.has(message.code)) throw new CardNonceRefusedError(message.code, message.text);
  throw new ProviderRequestError(message.code, message.text);
};

type PaymentProfileDetails = (
  customerProfileId: string,
  paymentProfileId: string,
) => Promise<{ cardLast4: string; cardBrand: string; expiry: string }>;

/** Customer and payment profiles: the saved cards, as the gateway keeps them. */
function customerProfiles(client: AuthorizeNetClient) {
  async function paymentProfileDetails(customerProfileId: string, paymentProfileId: string) {
    const response = await client.call(
      'getCustomerPaymentProfileRequest',
      req.getCustomerPaymentProfile(customerProfileId, paymentProfileId),
    );
    if (!ok(response)) refuse(response);
    const card = paymentProfileSchema.parse(response.paymentProfile ?? {}).payment?.creditCard;
    return { cardLast4: lastFour(card?.cardNumber) ?? '', cardBrand: card?.cardType ?? 'Card', expiry: card?.expirationDate ?? 'XXXX' };
  }

  const methods: Pick<PaymentProvider, 'createCustomerProfile' | 'addPaymentProfile' | 'deletePaymentProfile'> = {
    async createCustomerProfile(customer) {
      const response = await client.call('createCustomerProfileRequest', req.createCustomerProfile(customer));
      const existing = duplicateId(response);
      if (existing) return existing;
      if (!ok(response)) refuse(response);
      const id = idsOf(response.customerProfileId)[0];
      if (!id) throw new ProviderRequestError('E00001', 'Authorize.Net did not name the new customer profile.');
      return id;
    },

    async addPaymentProfile({ customerProfileId, opaqueData }) {
      const response = await client.call(
        'createCustomerPaymentProfileRequest',
        req.createCustomerPaymentProfile(customerProfileId, opaqueData),
      );
      // A card saved twice comes back as a duplicate naming the card already on file.
      const paymentProfileId = idsOf(response.customerPaymentProfileId)[0];
      if (!ok(response) && !(firstMessage(response).code === DUPLICATE && paymentProfileId)) refuse(response);
      if (!paymentProfileId) throw new ProviderRequestError('E00001', 'Authorize.Net did not name the saved card.');
      return { customerProfileId, paymentProfileId, ...(await paymentProfileDetails(customerProfileId, paymentProfileId)) };
    },

    async deletePaymentProfile({ customerProfileId, paymentProfileId }) {
      const response = await client.call(
        'deleteCustomerPaymentProfileRequest',
        req.deleteCustomerPaymentProfile(customerProfileId, paymentProfileId),
      );
      if (!ok(response) && firstMessage(response).code !== NOT_FOUND) refuse(response);
    },
  };
  return { paymentProfileDetails, ...methods };
}

/** Saving the card an approved charge was made with. */
function cardSaving(
  client: AuthorizeNetClient,
  warn: (message: string, error: unknown) => void,
  paymentProfileDetails: PaymentProfileDetails,
) {
  /** Saves the card of an approved charge; a failure here never undoes the purchase. */
  async function saveCardFromTransaction(
    transId: string,
    save: { customer: ProviderCustomer; customerProfileId: string | null },
    charged: ChargeResult,
  ): Promise<SavedProfile | undefined> {
    try {
      const target = save.customerProfileId ? { customerProfileId: save.customerProfileId } : { customer: save.customer };
      let response = await client.call(
        'createCustomerProfileFromTransactionRequest',
        req.createCustomerProfileFromTransaction(transId, target),
      );
      const existing = duplicateId(response);
      // The member already has a profile we had not recorded: add the card to it instead.
      if (existing && !save.customerProfileId) {
        response = await client.call(
          'createCustomerProfileFromTransactionRequest',
          req.createCustomerProfileFromTransaction(transId, { customerProfileId: existing }),
        );
      }
      if (!ok(response)) refuse(response);
      const customerProfileId = idsOf(response.customerProfileId)[0] ?? save.customerProfileId ?? existing;
      const paymentProfileId = idsOf(response.customerPaymentProfileIdList)[0];
      if (!customerProfileId || !paymentProfileId) throw new Error('Authorize.Net did not name the saved card');
      const details = await paymentProfileDetails(customerProfileId, paymentProfileId).catch(() => undefined);
      return {
        customerProfileId,
        paymentProfileId,
        cardLast4: details?.cardLast4 || charged.cardLast4 || '',
        cardBrand: details?.cardBrand ?? charged.cardBrand ?? 'Card',
        expiry: details?.expiry ?? 'XXXX',
      };
    } catch (error) {
      warn('the card of an approved payment could not be saved', error);
      return undefined;
    }
  }

  return saveCardFromTransaction;
}

/** A card charged, by nonce or saved profile; an approved nonce charge may save its card. */
function charges(client: AuthorizeNetClient, saveCardFromTransaction: ReturnType<typeof cardSaving>): Pick<PaymentProvider, 'charge'> {
  return {
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const response = await client.call('createTransactionRequest', req.createTransaction(request));
      // A request refused before any transaction existed comes without a transaction response, or
      // with an empty one (a refused nonce does), so the verdict is in the response code alone.
      const answer = transactionResponseSchema.parse(response.transactionResponse ?? {});
      if (answer.responseCode === undefined) {
        const message = firstMessage(response);
        // E00001 is the gateway's own internal failure: whether a transaction exists is unknown.
        if (message.code === INTERNAL_ERROR) throw new ProviderUnreachableError(`Authorize.Net failed internally (${message.text})`);
        // The member's card nonce, spent, expired or forged: nothing was charged; the card must be entered again.
        if (NONCE_REFUSALS.has(message.code)) return { outcome: 'refused', message: message.text };
        // Refused for another reason (bad credentials, bad input): nothing was charged.
        return { outcome: 'error', message: message.text };
      }
      const result = chargeResultOf(answer, firstMessage(response).text);
      const { source } = request;
      if (result.outcome === 'approved' && result.transactionId && source.kind === 'nonce' && source.saveCard) {
        result.savedProfile = await saveCardFromTransaction(result.transactionId, source.saveCard, result);
      }
      return result;
    },
  };
}

/** A transaction looked up by its id, or found by our reference when its answer was lost. */
function transactionLookups(client: AuthorizeNetClient): Pick<PaymentProvider, 'findTransaction' | 'getTransaction'> {
  async function getTransaction(transactionId: string): Promise<TransactionResult | null> {
    const response = await client.call('getTransactionDetailsRequest', req.getTransactionDetails(transactionId));
    if (!ok(response)) {
      if (firstMessage(response).code === NOT_FOUND) return null;
      refuse(response);
    }
    return detailsResultOf(transactionDetailsSchema.parse(response.transaction));
  }

  /** The newest transaction carrying our reference: unsettled ones first, then recent settled batches. */
  async function findTransactionId(reference: string, since: Date): Promise<string | undefined> {
    const unsettled = await client.call('getUnsettledTransactionListRequest', req.getUnsettledTransactionList());
    if (!ok(unsettled)) refuse(unsettled);
    const match = transactionSummaryListSchema.parse(unsettled.transactions).find((t) => t.invoiceNumber === reference);
    if (match) return match.transId;

    const now = Date.now();
    const first = new Date(Math.max(since.getTime() - SETTLED_SEARCH_MARGIN_MS, now - MAX_SETTLED_SPAN_MS));
    const batches = await client.call('getSettledBatchListRequest', req.getSettledBatchList(first, new Date(now)));
    if (!ok(batches)) {
      if (firstMessage(batches).code === NOT_FOUND) return undefined;
      refuse(batches);
    }
    for (const { batchId } of batchListSchema.parse(batches.batchList)) {
      const list = await client.call('getTransactionListRequest', req.getTransactionList(batchId));
      if (!ok(list)) continue;
      const found = transactionSummaryListSchema.parse(list.transactions).find((t) => t.invoiceNumber === reference);
      if (found) return found.transId;
    }
    return undefined;
  }

  return {
    async findTransaction({ reference, since }) {
      const transId = await findTransactionId(reference, since);
      return transId ? getTransaction(transId) : null;
    },

    getTransaction,
  };
}

/** Refunds, and voids of charges not settled yet. */
function refunds(client: AuthorizeNetClient): Pick<PaymentProvider, 'refund'> {
  /** One refund or void; the transaction's own answer when there is one, the request's otherwise. */
  async function reverse(requestFields: Record<string, unknown>): Promise<RefundResult> {
    const response = await client.call('createTransactionRequest', requestFields);
    if (response.transactionResponse === undefined) {
      const message = firstMessage(response);
      if (message.code === INTERNAL_ERROR) throw new ProviderUnreachableError(`Authorize.Net failed internally (${message.text})`);
      return { outcome: 'refused', code: message.code, message: message.text };
    }
    const answer = transactionResponseSchema.parse(response.transactionResponse);
    const result = chargeResultOf(answer, firstMessage(response).text);
    if (result.outcome === 'approved' && result.transactionId)
      return { outcome: 'refunded', transactionId: result.transactionId, message: result.message };
    return { outcome: 'refused', code: answer.errors?.[0]?.errorCode, message: result.message };
  }

  /**
   * A refund first; when the gateway answers that the charge does not qualify (it has not settled
   * yet), a void instead, which cancels the charge before any money moved. A void gives back the
   * whole charge, so a partial refund of a charge not settled yet is refused in words instead.
   */
  async function refund({ transactionId, amountCents, whole, cardLast4, reference }: RefundRequest): Promise<RefundResult> {
    const refunded = await reverse(req.refundTransaction({ transactionId, amountCents, cardLast4: cardLast4 ?? '', reference }));
    if (refunded.outcome !== 'refused' || refunded.code !== NOT_REFUNDABLE) return refunded;
    if (!whole)
      return {
        outcome: 'refused',
        code: NOT_REFUNDABLE,
        message:
          'This charge has not settled yet, so only the whole payment can be given back (a void) until it settles, usually within a day.',
      };
    const voided = await reverse(req.voidTransaction({ transactionId, reference }));
    return voided.outcome === 'refused' ? voided : { ...voided, outcome: 'voided' };
  }

  return { refund };
}

function duplicateId(response: AnetResponse): string | undefined {
  const message = firstMessage(response);
  if (response.messages.resultCode !== 'Error' || message.code !== DUPLICATE) return undefined;
  return /ID (\d+)/i.exec(message.text)?.[1];
}
