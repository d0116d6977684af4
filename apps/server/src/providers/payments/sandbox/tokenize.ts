import { cardBrandOf, isLuhnValid, SANDBOX_CARDS, type OpaqueData } from '@cc/contracts';
import { issueNonce, NONCE_DESCRIPTOR, type CardBehaviour } from './nonce';

/** The values the sandbox hands the browser in place of Authorize.Net's public keys. */
export const SANDBOX_API_LOGIN_ID = 'sandbox';
export const SANDBOX_CLIENT_KEY = 'sandbox-public-client-key';

export type CardInput = { cardNumber: string; month: string; year: string; cardCode?: string | undefined };
export type TokenizeFailure = { field: string; acceptCode: string; text: string };

/** The product's test cards (docs/product.md#payments); any other valid number approves. */
export function behaviourOf(cardNumber: string): CardBehaviour {
  if (cardNumber === SANDBOX_CARDS.declined) return 'decline';
  if (cardNumber === SANDBOX_CARDS.processingError) return 'error';
  return 'approve';
}

/**
 * Checks a card the way Accept.js does before it tokenizes (same error codes and sentences), then
 * issues a nonce. The card number itself is dropped here and never stored or logged.
 */
export function tokenizeCard(key: Buffer, card: CardInput, now = new Date()): { opaqueData: OpaqueData } | TokenizeFailure {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!isLuhnValid(number))
    return { field: 'cardData.cardNumber', acceptCode: 'E_WC_05', text: 'Please provide valid credit card number.' };
  if (!/^\d{1,2}$/.test(card.month) || Number(card.month) < 1 || Number(card.month) > 12) {
    return { field: 'cardData.month', acceptCode: 'E_WC_06', text: 'Please provide valid expiration month.' };
  }
  if (!/^(\d{2}|\d{4})$/.test(card.year))
    return { field: 'cardData.year', acceptCode: 'E_WC_07', text: 'Please provide valid expiration year.' };
  const year = card.year.length === 2 ? 2000 + Number(card.year) : Number(card.year);
  const month = Number(card.month);
  // A card is good through the last day of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { field: 'cardData.year', acceptCode: 'E_WC_08', text: 'Expiration date must be in the future.' };
  }
  const brand = cardBrandOf(number);
  const codeLength = brand === 'AmericanExpress' ? 4 : 3;
  if (card.cardCode !== undefined && card.cardCode !== '' && !new RegExp(`^\\d{${codeLength}}$`).test(card.cardCode)) {
    return { field: 'cardData.cardCode', acceptCode: 'E_WC_15', text: 'Please provide valid CVV.' };
  }
  const dataValue = issueNonce(
    key,
    { last4: number.slice(-4), brand, expiry: `${year}-${String(month).padStart(2, '0')}`, behaviour: behaviourOf(number) },
    now.getTime(),
  );
  return { opaqueData: { dataDescriptor: NONCE_DESCRIPTOR, dataValue } };
}
