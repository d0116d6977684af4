import type { AcceptConfig, OpaqueData, PaymentProvider as PaymentProviderName } from '@cc/contracts';

/**
 * One interface for every card provider: the embedded sandbox and Authorize.Net. Card numbers never
 * reach us: the browser trades them for a one-time nonce (`opaqueData`), and the server charges the
 * nonce or a saved customer payment profile.
 */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  /** What the browser needs to make a nonce: public values only. */
  acceptConfig(): AcceptConfig;
  /**
   * Charges once. Answers the gateway's verdict; throws ProviderUnreachableError when the verdict
   * is unknown (network failure, timeout), so the caller reconciles instead of charging again.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** A new customer profile (no card yet); answers its id. An existing one for the same customer is reused. */
  createCustomerProfile(customer: ProviderCustomer): Promise<string>;
  /** Saves a card (from a nonce) under a customer profile. */
  addPaymentProfile(input: { customerProfileId: string; opaqueData: OpaqueData }): Promise<SavedProfile>;
  /** Forgets a saved card at the provider; a card the provider no longer knows counts as removed. */
  deletePaymentProfile(input: { customerProfileId: string; paymentProfileId: string }): Promise<void>;
  /** The charge made with this reference (refId / invoice number), if the provider has one. */
  findTransaction(input: { reference: string; since: Date }): Promise<TransactionResult | null>;
  /** One transaction by the provider's id (webhooks name it), or null when unknown. */
  getTransaction(transactionId: string): Promise<TransactionResult | null>;
  /**
   * Gives an approved charge's money back to its card (docs/product.md#refunds-and-chargebacks): a
   * refund of a settled charge, or a void of one not settled yet. Answers the provider's verdict;
   * throws ProviderUnreachableError when the verdict is unknown.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Whether a webhook body was really sent by the provider. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): boolean;
};

export type ProviderCustomer = {
  /** Our compact id for the member (≤ 20 characters). */
  merchantCustomerId: string;
  email: string;
};

export type ChargeSource =
  | {
      kind: 'nonce';
      opaqueData: OpaqueData;
      /** Save the card after an approved charge; `customer` says under which profile. */
      saveCard?: { customer: ProviderCustomer; customerProfileId: string | null };
    }
  | { kind: 'profile'; customerProfileId: string; paymentProfileId: string };

export type ChargeRequest = {
  amountCents: number;
  /** Our compact reference for this payment (≤ 20 characters), sent as refId and order.invoiceNumber. */
  reference: string;
  description: string;
  source: ChargeSource;
};

/**
 * `refused`: the provider refused the card nonce itself (spent, expired or never issued by it), so
 * no transaction exists; the member must enter the card again.
 */
export type ChargeOutcome = 'approved' | 'declined' | 'error' | 'held' | 'refused';

export type ChargeResult = {
  outcome: ChargeOutcome;
  transactionId?: string | undefined;
  cardLast4?: string | undefined;
  cardBrand?: string | undefined;
  /** The provider's words, fit to show a member ("This transaction has been declined."). */
  message: string;
  /** Charged amount when the provider reports it (reconciliation checks it). */
  amountCents?: number | undefined;
  /** The card saved by an approved charge that asked for it. */
  savedProfile?: SavedProfile | undefined;
};

/** A transaction the provider has: a refused nonce never made one, so lookups never answer `refused`. */
export type TransactionResult = Omit<ChargeResult, 'outcome'> & { outcome: Exclude<ChargeOutcome, 'refused'> };

export type SavedProfile = {
  customerProfileId: string;
  paymentProfileId: string;
  cardLast4: string;
  cardBrand: string;
  /** "2030-12", or "XXXX" when the provider masks it. */
  expiry: string;
};

/** The provider could not be reached or did not answer in time: the charge may or may not exist. */
export class ProviderUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnreachableError';
  }
}

/** The provider answered, but refused the request itself (bad credentials, bad input, unknown id). */
export class ProviderRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/** Saving a card: the provider refused the card nonce (spent, expired or never issued by it). */
export class CardNonceRefusedError extends ProviderRequestError {
  constructor(code: string, message: string) {
    super(code, message);
    this.name = 'CardNonceRefusedError';
  }
}

export type RefundRequest = {
  /** The provider's id of the charge being given back. */
  transactionId: string;
  amountCents: number;
  /** True when `amountCents` is the whole charge: only then may a charge not settled yet be voided instead. */
  whole: boolean;
  /** The card's last four digits: Authorize.Net wants them with a refund. */
  cardLast4: string | null;
  /** Our compact reference for the payment (≤ 20 characters), sent as refId. */
  reference: string;
};

export type RefundResult =
  /** `refund` moved money back; `void` cancelled a charge before it settled (no money ever moved). */
  | { outcome: 'refunded' | 'voided'; transactionId: string; message: string }
  /** The provider answered no, in its own words. */
  | { outcome: 'refused'; message: string; code?: string | undefined };
