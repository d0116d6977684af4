import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardBrandOf, type OpaqueData } from '@cc/contracts';
import type { AuthorizeNetConfig } from '../config/config';
import { signWebhookBody } from '../providers/payments';

/**
 * A local Authorize.Net for tests: an HTTP server speaking the JSON API the way the real one does —
 * answers start with a UTF-8 BOM, and a request whose keys are out of the XSD's order is refused with
 * E00003 — so the adapter is tested against the protocol, not against a mock of our own code.
 * Every charge is recorded, so tests can count how many times a card was really charged.
 */

/** Cards the fake knows; any other number approves. */
export const FAKE_CARDS = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  processingError: '4000000000000119',
  /** Approved by the bank, held by the fraud filter (response code 4). */
  held: '4007000000027',
} as const;

type ResponseCode = '1' | '2' | '3' | '4';
type Card = { number: string; expiry: string };
export type FakeCharge = {
  transId: string;
  refId: string | undefined;
  invoiceNumber: string | undefined;
  amountCents: number;
  card: Card;
  via: 'nonce' | 'profile';
  responseCode: ResponseCode;
  submittedAt: Date;
  batchId: string | null;
  /** Cents refunded so far; a void cancels the charge before settlement. */
  refundedCents?: number;
  voided?: boolean;
};
/** A refund or void the fake received, as it received it, with its verdict. */
export type FakeRefund = {
  transactionType: 'refundTransaction' | 'voidTransaction';
  refTransId: string | undefined;
  refId: string | undefined;
  amountCents: number | null;
  cardNumber: string | undefined;
  expirationDate: string | undefined;
  responseCode: ResponseCode;
  transId: string;
};
type Profile = { id: string; merchantCustomerId: string; email: string; cards: Map<string, Card> };
type Json = Record<string, unknown>;

const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';
const AUTH = ['merchantAuthentication', 'clientId', 'refId'];
/** Child elements of each request, in XSD order. */
const REQUEST_ORDER: Record<string, string[]> = {
  createTransactionRequest: [...AUTH, 'transactionRequest'],
  createCustomerProfileRequest: [...AUTH, 'profile', 'validationMode'],
  createCustomerPaymentProfileRequest: [...AUTH, 'customerProfileId', 'paymentProfile', 'validationMode'],
  getCustomerPaymentProfileRequest: [...AUTH, 'customerProfileId', 'customerPaymentProfileId', 'unmaskExpirationDate', 'includeIssuerInfo'],
  deleteCustomerPaymentProfileRequest: [...AUTH, 'customerProfileId', 'customerPaymentProfileId'],
  createCustomerProfileFromTransactionRequest: [
    ...AUTH,
    'transId',
    'customer',
    'customerProfileId',
    'defaultPaymentProfile',
    'defaultShippingProfile',
    'profileType',
  ],
  getUnsettledTransactionListRequest: [...AUTH, 'status', 'sorting', 'paging'],
  getSettledBatchListRequest: [...AUTH, 'includeStatistics', 'firstSettlementDate', 'lastSettlementDate'],
  getTransactionListRequest: [...AUTH, 'batchId', 'sorting', 'paging'],
  getTransactionDetailsRequest: [...AUTH, 'transId'],
};
const TRANSACTION_REQUEST_ORDER = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'solution',
  'callId',
  'terminalNumber',
  'authCode',
  'refTransId',
  'splitTenderId',
  'order',
  'lineItems',
  'tax',
  'duty',
  'shipping',
  'taxExempt',
  'poNumber',
  'customer',
  'billTo',
  'shipTo',
  'customerIP',
  'cardholderAuthentication',
  'retail',
  'employeeId',
  'transactionSettings',
  'userFields',
  'surcharge',
  'merchantDescriptor',
  'subMerchant',
  'tip',
  'processingOptions',
  'subsequentAuthInformation',
  'otherTax',
  'shipFrom',
  'authorizationIndicatorType',
];

const ok = (fields: Json = {}, code = 'I00001', text = 'Successful.') => ({
  ...fields,
  messages: { resultCode: 'Ok', message: [{ code, text }] },
});
const fail = (code: string, text: string, fields: Json = {}) => ({
  ...fields,
  messages: { resultCode: 'Error', message: [{ code, text }] },
});
const notFound = () => fail('E00040', 'The record cannot be found.');
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const masked = (card: Card) => `XXXX${card.number.slice(-4)}`;
const dollars = (cents: number) => cents / 100;

/** The first key out of order (or unknown), with what the schema expected instead. */
function misplacedKey(keys: string[], order: string[]): { key: string; expected: string } | null {
  let position = -1;
  for (const key of keys) {
    const at = order.indexOf(key);
    if (at <= position) return { key, expected: order.slice(position + 1).join("', '") };
    position = at;
  }
  return null;
}
const invalidChild = (element: string, bad: { key: string; expected: string }) =>
  fail(
    'E00003',
    `The element '${element}' in namespace '${NS}' has invalid child element '${bad.key}' in namespace '${NS}'. List of possible elements expected: '${bad.expected}' in namespace '${NS}'.`,
  );

export type FakeAuthorizeNet = Awaited<ReturnType<typeof startFakeAuthorizeNet>>;

export async function startFakeAuthorizeNet(opts: { timeoutMs?: number } = {}) {
  const credentials = {
    apiLoginId: 'fake-login',
    transactionKey: `key-${randomBytes(6).toString('hex')}`,
    signatureKey: randomBytes(64).toString('hex').toUpperCase(),
  };
  const charges: FakeCharge[] = [];
  const refunds: FakeRefund[] = [];
  const requests: string[] = [];
  const nonces = new Map<string, { card: Card; used: boolean }>();
  const profiles = new Map<string, Profile>();
  const hangs = new Map<string, number>();
  const failures = new Map<string, { code: string; text: string }>();
  const hanging = new Set<ServerResponse>();
  /** Run (and awaited) before the next refund or void is judged: what happens while the gateway works. */
  let beforeNextReverse: (() => Promise<void>) | null = null;
  let nextId = 60_000_000_000;
  const newId = () => String(nextId++);

  function cardOutcome(card: Card): ResponseCode {
    if (card.number === FAKE_CARDS.declined) return '2';
    if (card.number === FAKE_CARDS.processingError) return '3';
    if (card.number === FAKE_CARDS.held) return '4';
    return '1';
  }

  function spendNonce(opaqueData: unknown): Card | undefined {
    const nonce = nonces.get(str(obj(opaqueData).dataValue) ?? '');
    if (!nonce || nonce.used) return undefined;
    nonce.used = true;
    return nonce.card;
  }

  const summaryOf = (c: FakeCharge) => ({
    transId: c.transId,
    submitTimeUTC: c.submittedAt.toISOString(),
    transactionStatus: statusOf(c),
    invoiceNumber: c.invoiceNumber,
    accountType: cardBrandOf(c.card.number),
    accountNumber: masked(c.card),
    settleAmount: dollars(c.amountCents),
  });

  function statusOf(c: FakeCharge) {
    if (c.voided) return 'voided';
    if (c.responseCode === '2') return 'declined';
    if (c.responseCode === '3') return 'generalError';
    if (c.responseCode === '4') return 'FDSPendingReview';
    return c.batchId ? 'settledSuccessfully' : 'capturedPendingSettlement';
  }

  /**
   * Refunds and voids, the way the gateway judges them: a refund needs a settled, approved charge,
   * its card's last four digits and at most what is left of the amount (reason 54 otherwise, 55 for
   * too much); a void needs an approved charge not settled yet (reason 16 otherwise).
   */
  async function reverseTransaction(type: FakeRefund['transactionType'], body: Json, tr: Json, respond: (answer: Json) => void) {
    const meanwhile = beforeNextReverse;
    beforeNextReverse = null;
    if (meanwhile) await meanwhile();
    const refTransId = str(tr.refTransId);
    const charge = charges.find((c) => c.transId === refTransId);
    const card = obj(obj(tr.payment).creditCard);
    const amountCents = type === 'refundTransaction' ? Math.round(Number(str(tr.amount)) * 100) : null;
    let error: { errorCode: string; errorText: string } | null = null;
    if (type === 'refundTransaction') {
      if (!charge || charge.responseCode !== '1' || !charge.batchId || charge.voided)
        error = { errorCode: '54', errorText: 'The referenced transaction does not meet the criteria for issuing a credit.' };
      else if (str(card.cardNumber) !== charge.card.number.slice(-4))
        error = { errorCode: '54', errorText: 'The referenced transaction does not meet the criteria for issuing a credit.' };
      else if (!amountCents || amountCents + (charge.refundedCents ?? 0) > charge.amountCents)
        error = { errorCode: '55', errorText: 'The sum of credits against the referenced transaction would exceed original debit amount.' };
    } else if (!charge || charge.responseCode !== '1' || charge.batchId || charge.voided) {
      error = { errorCode: '16', errorText: 'The transaction cannot be found.' };
    }
    const responseCode: ResponseCode = error ? '3' : '1';
    // A void answers with the charge's own id; a refund is a new transaction.
    const transId = error ? '0' : type === 'voidTransaction' ? charge!.transId : newId();
    if (!error && type === 'voidTransaction') charge!.voided = true;
    if (!error && type === 'refundTransaction') charge!.refundedCents = (charge!.refundedCents ?? 0) + amountCents!;
    refunds.push({
      transactionType: type,
      refTransId,
      refId: str(body.refId),
      amountCents,
      cardNumber: str(card.cardNumber),
      expirationDate: str(card.expirationDate),
      responseCode,
      transId,
    });
    const transactionResponse = {
      responseCode,
      authCode: '',
      avsResultCode: 'P',
      cvvResultCode: '',
      transId,
      refTransID: refTransId ?? '',
      transHash: '',
      testRequest: '0',
      accountNumber: charge ? masked(charge.card) : '',
      accountType: charge ? cardBrandOf(charge.card.number) : '',
      ...(error ? { errors: [error] } : { messages: [{ code: '1', description: 'This transaction has been approved.' }] }),
    };
    const fields = { transactionResponse, refId: str(body.refId) };
    respond(error ? fail('E00027', 'The transaction was unsuccessful.', fields) : ok(fields));
  }

  function createTransaction(body: Json, respond: (answer: Json) => void) {
    const tr = obj(body.transactionRequest);
    const bad = misplacedKey(Object.keys(tr), TRANSACTION_REQUEST_ORDER);
    if (bad) return respond(invalidChild('transactionRequest', bad));
    const type = str(tr.transactionType);
    if (type === 'refundTransaction' || type === 'voidTransaction') return reverseTransaction(type, body, tr, respond);
    const payment = obj(tr.payment);
    const profile = obj(tr.profile);
    let card: Card | undefined;
    if (payment.opaqueData) {
      card = spendNonce(payment.opaqueData);
      // A spent or never-issued nonce: refused before any transaction exists, with an empty
      // transaction response beside the message, as the gateway sends it.
      if (!card) return respond(fail('E00114', 'Invalid OTS Token.', { transactionResponse: {} }));
    } else {
      card = profiles.get(str(profile.customerProfileId) ?? '')?.cards.get(str(obj(profile.paymentProfile).paymentProfileId) ?? '');
      if (!card) return respond(fail('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.'));
    }
    const amountCents = Math.round(Number(str(tr.amount)) * 100);
    const invoiceNumber = str(obj(tr.order).invoiceNumber);
    const settings = obj(tr.transactionSettings).setting;
    const windowSetting = (Array.isArray(settings) ? settings : [settings]).map(obj).find((s) => s.settingName === 'duplicateWindow');
    const windowMs = Number(str(windowSetting?.settingValue) ?? '120') * 1000;
    const duplicate = charges.some(
      (c) =>
        c.invoiceNumber === invoiceNumber &&
        c.amountCents === amountCents &&
        c.card.number === card.number &&
        Date.now() - c.submittedAt.getTime() < windowMs,
    );
    const responseCode: ResponseCode = duplicate ? '3' : cardOutcome(card);
    const charge: FakeCharge = {
      transId: duplicate ? '0' : newId(),
      refId: str(body.refId),
      invoiceNumber,
      amountCents,
      card,
      via: payment.opaqueData ? 'nonce' : 'profile',
      responseCode,
      submittedAt: new Date(),
      batchId: null,
    };
    if (!duplicate) charges.push(charge);
    const words = {
      '1': { messages: [{ code: '1', description: 'This transaction has been approved.' }] },
      '2': { errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }] },
      '3': {
        errors: [
          duplicate
            ? { errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }
            : { errorCode: '57', errorText: 'An error occurred in processing. Please try again in 5 minutes.' },
        ],
      },
      '4': { messages: [{ code: '252', description: 'Your order has been received. Thank you for your business!' }] },
    }[responseCode];
    const transactionResponse = {
      responseCode,
      authCode: responseCode === '1' ? 'ABC123' : '',
      avsResultCode: 'Y',
      cvvResultCode: 'P',
      transId: charge.transId,
      refTransID: '',
      transHash: '',
      testRequest: '0',
      accountNumber: masked(card),
      accountType: cardBrandOf(card.number),
      ...words,
    };
    const fields = { transactionResponse, refId: str(body.refId) };
    respond(responseCode === '1' || responseCode === '4' ? ok(fields) : fail('E00027', 'The transaction was unsuccessful.', fields));
  }

  function addCard(profile: Profile, card: Card): { id: string; duplicate: boolean } {
    for (const [id, saved] of profile.cards)
      if (saved.number === card.number && saved.expiry === card.expiry) return { id, duplicate: true };
    const id = newId();
    profile.cards.set(id, card);
    return { id, duplicate: false };
  }

  function newProfile(customer: Json): Profile | { duplicateOf: string } {
    const merchantCustomerId = str(customer.merchantCustomerId) ?? '';
    for (const p of profiles.values()) if (merchantCustomerId && p.merchantCustomerId === merchantCustomerId) return { duplicateOf: p.id };
    const profile: Profile = { id: newId(), merchantCustomerId, email: str(customer.email) ?? '', cards: new Map() };
    profiles.set(profile.id, profile);
    return profile;
  }

  const handlers: Record<string, (body: Json, respond: (answer: Json) => void) => void> = {
    createTransactionRequest: createTransaction,

    createCustomerProfileRequest(body, respond) {
      const created = newProfile(obj(body.profile));
      if ('duplicateOf' in created) return respond(fail('E00039', `A duplicate record with ID ${created.duplicateOf} already exists.`));
      respond(
        ok({
          customerProfileId: created.id,
          customerPaymentProfileIdList: [],
          customerShippingAddressIdList: [],
          validationDirectResponseList: [],
        }),
      );
    },

    createCustomerPaymentProfileRequest(body, respond) {
      const profile = profiles.get(str(body.customerProfileId) ?? '');
      if (!profile) return respond(notFound());
      const card = spendNonce(obj(obj(body.paymentProfile).payment).opaqueData);
      if (!card) return respond(fail('E00114', 'Invalid OTS Token.'));
      // liveMode runs a small authorization: a card that declines is not saved.
      if (body.validationMode === 'liveMode' && cardOutcome(card) !== '1')
        return respond(fail('E00027', 'This transaction has been declined.'));
      const { id, duplicate } = addCard(profile, card);
      const fields = { customerProfileId: profile.id, customerPaymentProfileId: id };
      respond(duplicate ? fail('E00039', 'A duplicate customer payment profile already exists.', fields) : ok(fields));
    },

    getCustomerPaymentProfileRequest(body, respond) {
      const profile = profiles.get(str(body.customerProfileId) ?? '');
      const id = str(body.customerPaymentProfileId) ?? '';
      const card = profile?.cards.get(id);
      if (!profile || !card) return respond(notFound());
      const expirationDate = body.unmaskExpirationDate === true ? card.expiry : 'XXXX';
      respond(
        ok({
          paymentProfile: {
            customerProfileId: profile.id,
            customerPaymentProfileId: id,
            payment: { creditCard: { cardNumber: masked(card), expirationDate, cardType: cardBrandOf(card.number) } },
          },
        }),
      );
    },

    deleteCustomerPaymentProfileRequest(body, respond) {
      const profile = profiles.get(str(body.customerProfileId) ?? '');
      if (!profile?.cards.delete(str(body.customerPaymentProfileId) ?? '')) return respond(notFound());
      respond(ok());
    },

    createCustomerProfileFromTransactionRequest(body, respond) {
      const charge = charges.find((c) => c.transId === str(body.transId));
      if (!charge || charge.responseCode !== '1') return respond(fail('E00040', 'The transaction was not found or was not approved.'));
      let profile = profiles.get(str(body.customerProfileId) ?? '');
      if (!profile) {
        const created = newProfile(obj(body.customer));
        if ('duplicateOf' in created) return respond(fail('E00039', `A duplicate record with ID ${created.duplicateOf} already exists.`));
        profile = created;
      }
      const { id } = addCard(profile, charge.card);
      respond(
        ok({
          customerProfileId: profile.id,
          customerPaymentProfileIdList: [id],
          customerShippingAddressIdList: [],
          validationDirectResponseList: [],
        }),
      );
    },

    getUnsettledTransactionListRequest(_body, respond) {
      const list = charges
        .filter((c) => !c.batchId)
        .reverse()
        .map(summaryOf);
      // Like the real gateway, an empty list leaves `transactions` out altogether.
      respond(ok({ ...(list.length ? { transactions: list } : {}), totalNumInResultSet: list.length }));
    },

    getSettledBatchListRequest(_body, respond) {
      const batches = [...new Set(charges.flatMap((c) => (c.batchId ? [c.batchId] : [])))];
      if (!batches.length) return respond(ok({}, 'I00004', 'No records found.'));
      respond(
        ok({ batchList: batches.map((batchId) => ({ batchId, settlementState: 'settledSuccessfully', paymentMethod: 'creditCard' })) }),
      );
    },

    getTransactionListRequest(body, respond) {
      const list = charges.filter((c) => c.batchId && c.batchId === str(body.batchId)).map(summaryOf);
      respond(ok({ ...(list.length ? { transactions: list } : {}), totalNumInResultSet: list.length }));
    },

    getTransactionDetailsRequest(body, respond) {
      const c = charges.find((t) => t.transId === str(body.transId));
      if (!c) return respond(notFound());
      respond(
        ok({
          transaction: {
            transId: c.transId,
            submitTimeUTC: c.submittedAt.toISOString(),
            transactionType: 'authCaptureTransaction',
            transactionStatus: statusOf(c),
            responseCode: Number(c.responseCode),
            responseReasonCode: 1,
            responseReasonDescription: {
              '1': 'Approval',
              '2': 'This transaction has been declined.',
              '3': 'An error occurred in processing.',
              '4': 'Held for review.',
            }[c.responseCode],
            order: { invoiceNumber: c.invoiceNumber },
            authAmount: dollars(c.amountCents),
            settleAmount: dollars(c.amountCents),
            payment: { creditCard: { cardNumber: masked(c.card), expirationDate: 'XXXX', cardType: cardBrandOf(c.card.number) } },
          },
        }),
      );
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const respond = (answer: Json) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(`\uFEFF${JSON.stringify(answer)}`);
    };
    let envelope: Json;
    try {
      envelope = obj(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return respond(fail('E00002', 'The content-type specified is not supported.'));
    }
    const [name] = Object.keys(envelope);
    const handler = name ? handlers[name] : undefined;
    if (!name || !handler) return respond(fail('E00003', `The element '${name ?? ''}' is not declared.`));
    requests.push(name);
    const body = obj(envelope[name]);
    const bad = misplacedKey(Object.keys(body), REQUEST_ORDER[name]!);
    if (bad) return respond(invalidChild(name, bad));
    const auth = obj(body.merchantAuthentication);
    if (auth.name !== credentials.apiLoginId || auth.transactionKey !== credentials.transactionKey) {
      return respond(fail('E00007', 'User authentication failed due to invalid authentication values.'));
    }
    const failure = failures.get(name);
    if (failure) {
      failures.delete(name);
      return respond(fail(failure.code, failure.text));
    }
    // Told to hang: do the work (a charge is recorded), then never answer, like a lost response.
    const hangsLeft = hangs.get(name) ?? 0;
    if (hangsLeft > 0) {
      hangs.set(name, hangsLeft - 1);
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return handler(body, () => {});
    }
    handler(body, respond);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;

  return {
    url,
    charges,
    /** Every refund and void received, in order. */
    refunds,
    /** Names of the requests received, in order. */
    requests,
    profiles,
    /** The adapter's settings pointing at this fake. */
    config: {
      ...credentials,
      clientKey: 'fake-public-client-key',
      endpoint: url,
      acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
      timeoutMs: opts.timeoutMs ?? 2_000,
    } satisfies AuthorizeNetConfig,

    /** What Accept.js would hand the browser for this card. */
    nonceFor(cardNumber: string, expiry = '2031-12'): OpaqueData {
      const dataValue = `eyJ${randomBytes(24).toString('base64url')}`;
      nonces.set(dataValue, { card: { number: cardNumber, expiry }, used: false });
      return { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue };
    },

    /** The next `times` requests of this kind are carried out but never answered. */
    hang(requestName: string, times = 1) {
      hangs.set(requestName, (hangs.get(requestName) ?? 0) + times);
    },

    /** `work` runs, and is waited for, while the next refund or void is at the gateway. */
    whileNextReverse(work: () => Promise<void>) {
      beforeNextReverse = work;
    },

    /** The next request of this kind is answered with this error and nothing else happens. */
    failNext(requestName: string, code: string, text: string) {
      failures.set(requestName, { code, text });
    },

    /** Settles every unsettled approved charge into a new batch (the nightly settlement). */
    settle(): string {
      const batchId = newId();
      for (const c of charges) if (!c.batchId && c.responseCode === '1') c.batchId = batchId;
      return batchId;
    },

    /** The merchant releases a held transaction from fraud review. */
    release(transId: string) {
      const c = charges.find((t) => t.transId === transId);
      if (c) c.responseCode = '1';
    },

    /** A webhook body for one of the recorded charges, as Authorize.Net would send it. */
    webhookFor(eventType: string, charge: FakeCharge, notificationId: string = randomUUID()): string {
      return JSON.stringify({
        notificationId,
        eventType,
        eventDate: new Date().toISOString(),
        webhookId: 'fake-webhook',
        payload: {
          responseCode: Number(charge.responseCode),
          authCode: 'ABC123',
          avsResponse: 'Y',
          authAmount: dollars(charge.amountCents),
          invoiceNumber: charge.invoiceNumber,
          entityName: 'transaction',
          id: charge.transId,
        },
      });
    },

    /** Posts a webhook body to our app, signed with the fake's Signature Key unless another is given. */
    async sendWebhook(appUrl: string, body: string, signatureKey: string = credentials.signatureKey) {
      const response = await fetch(`${appUrl}/api/payment/authorizenet/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-ANET-Signature': signWebhookBody(body, signatureKey) },
        body,
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },

    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
