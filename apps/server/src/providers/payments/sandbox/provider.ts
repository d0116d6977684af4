import { randomBytes } from 'node:crypto';
import type { OpaqueData } from '@cc/contracts';
import type { ChargeResult, PaymentProvider } from '../types';
import { CardNonceRefusedError } from '../types';
import { NONCE_DESCRIPTOR, readNonce, type CardBehaviour, type NoncePayload } from './nonce';
import { SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY } from './tokenize';

export const SANDBOX_SCRIPT_PATH = '/api/payment/sandbox/accept.js';

type Deps = {
  /** Signs and checks nonces (see nonce.ts). */
  nonceKey: Buffer;
  /** Records a nonce as spent; false when it already was (in any process). */
  spendNonce: (nonceId: string, expiresAt: Date) => Promise<boolean>;
};

const INVALID_NONCE = 'The card details have expired or were already used. Please enter your card again.';
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The embedded provider: answers like a gateway, with test cards deciding the verdict, and moves no
 * money. Saved cards get made-up profile ids that carry the test card's behaviour, so charging one
 * needs no state of the sandbox's own.
 */
export function createSandboxProvider({ nonceKey, spendNonce }: Deps): PaymentProvider {
  /** A genuine, unexpired nonce, spent now; null when it is not one or was spent before. */
  async function spend(opaqueData: OpaqueData): Promise<NoncePayload | null> {
    if (opaqueData.dataDescriptor !== NONCE_DESCRIPTOR) return null;
    const card = readNonce(nonceKey, opaqueData.dataValue);
    if (!card) return null;
    return (await spendNonce(card.id, new Date(card.expiresAt))) ? card : null;
  }

  /** Refunded in this process; the payment's own state (refunding, refunded) is what prevents a second refund. */
  const refunded = new Set<string>();

  return {
    name: 'sandbox',

    acceptConfig: () => ({
      provider: 'sandbox',
      scriptUrl: SANDBOX_SCRIPT_PATH,
      apiLoginId: SANDBOX_API_LOGIN_ID,
      clientKey: SANDBOX_CLIENT_KEY,
    }),

    async charge({ source }) {
      if (source.kind === 'profile') {
        const behaviour = behaviourOfProfile(source.paymentProfileId);
        return behaviour ? verdict(behaviour) : { outcome: 'error', message: 'That saved card is not on file.' };
      }
      const card = await spend(source.opaqueData);
      // Like Authorize.Net's E00114: no transaction, and the member must enter the card again.
      if (!card) return { outcome: 'refused', message: INVALID_NONCE };
      const result = verdict(card.behaviour, card);
      if (result.outcome === 'approved' && source.saveCard) {
        result.savedProfile = {
          customerProfileId: source.saveCard.customerProfileId ?? `sbx-cus-${hex(8)}`,
          paymentProfileId: profileIdFor(card.behaviour),
          cardLast4: card.last4,
          cardBrand: card.brand,
          expiry: card.expiry,
        };
      }
      return result;
    },

    createCustomerProfile: async () => `sbx-cus-${hex(8)}`,

    async addPaymentProfile({ customerProfileId, opaqueData }) {
      const card = await spend(opaqueData);
      if (!card) throw new CardNonceRefusedError('E00114', INVALID_NONCE);
      return {
        customerProfileId,
        paymentProfileId: profileIdFor(card.behaviour),
        cardLast4: card.last4,
        cardBrand: card.brand,
        expiry: card.expiry,
      };
    },

    deletePaymentProfile: async () => {},

    // The sandbox answers every charge at once, so there is never an unknown outcome to look up.
    findTransaction: async () => null,
    getTransaction: async () => null,

    // Moves no money, like its charges: any sandbox charge is refunded once, anything else is refused
    // the way Authorize.Net refuses a transaction it does not know.
    async refund({ transactionId }) {
      if (!/^sbx-[0-9a-f]{20}$/.test(transactionId) || refunded.has(transactionId))
        return { outcome: 'refused', code: '54', message: 'The referenced transaction does not meet the criteria for issuing a credit.' };
      refunded.add(transactionId);
      return { outcome: 'refunded', transactionId: `sbx-rf-${hex(10)}`, message: 'This transaction has been approved.' };
    },

    // The sandbox sends no webhooks, so none is genuine.
    verifyWebhook: () => false,
  };
}

function verdict(behaviour: CardBehaviour, card?: Pick<NoncePayload, 'last4' | 'brand'>): ChargeResult {
  const shown = { cardLast4: card?.last4, cardBrand: card?.brand };
  if (behaviour === 'decline') return { outcome: 'declined', message: 'This transaction has been declined.', ...shown };
  if (behaviour === 'error') return { outcome: 'error', message: 'An error occurred during processing. Please try again.', ...shown };
  return { outcome: 'approved', transactionId: `sbx-${hex(10)}`, message: 'This transaction has been approved.', ...shown };
}

const profileIdFor = (behaviour: CardBehaviour) => `sbx-pp-${behaviour}-${hex(8)}`;

function behaviourOfProfile(paymentProfileId: string): CardBehaviour | null {
  const match = /^sbx-pp-(approve|decline|error)-[0-9a-f]{16}$/.exec(paymentProfileId);
  return match ? (match[1] as CardBehaviour) : null;
}
