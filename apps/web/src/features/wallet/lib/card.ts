import { cardBrandOf, isLuhnValid } from '@cc/contracts';
import { brandName } from '../../../shared/money';

/**
 * Card checks made in the browser before anything is sent to the payment script. They catch typos
 * early; the provider still decides. Card data never goes to our API.
 */

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The Luhn checksum every card number carries in its last digit (the contract's rule). */
export const luhnValid = (number: string) => isLuhnValid(digitsOf(number));

/** The network of a typed number, from its prefix. */
export const cardBrand = (number: string) => brandName(cardBrandOf(digitsOf(number)));

const maxDigits = (brand: string) => (brand === 'American Express' ? 15 : 19);

/** "4111111111111111" → "4111 1111 1111 1111"; American Express as 4-6-5. */
export function formatCardNumber(text: string): string {
  const brand = cardBrand(text);
  const digits = digitsOf(text).slice(0, maxDigits(brand));
  if (brand === 'American Express') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What the person types becomes "MM/YY": "4" → "04/", "1225" → "12/25". */
export function formatExpiry(text: string, previous = ''): string {
  let digits = digitsOf(text).slice(0, 4);
  // Deleting the slash deletes the month's last digit, so backspace never gets stuck.
  if (previous.endsWith('/') && text.length < previous.length) digits = digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2 && text.length > previous.length) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`.replace(/\/$/, '');
}

export type Expiry = { month: string; year: string };

/** "07/28" → { month: '07', year: '2028' }, or null when it is not a month and a 2-digit year. */
export function parseExpiry(text: string): Expiry | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month: match[1]!, year: `20${match[2]}` };
}

/** A card is good through the last day of its expiry month. */
export function expiryInFuture(expiry: Expiry, now: Date = new Date()): boolean {
  const year = Number(expiry.year);
  const month = Number(expiry.month);
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

export const cvcValid = (text: string) => /^\d{3,4}$/.test(text.trim());

export type CardInput = { cardNumber: string; expiry: string; cvc: string; name: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** Every problem with a typed card, by field; an empty object when it may be sent. */
export function checkCard(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(card.cardNumber);
  if (!digits) errors.cardNumber = 'Enter the card number';
  else if (!luhnValid(digits)) errors.cardNumber = 'This card number is not valid — check the digits';

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Use the format MM/YY';
  else if (!expiryInFuture(expiry, now)) errors.expiry = 'This card has expired';

  if (!card.cvc.trim()) errors.cvc = 'Enter the security code';
  else if (!cvcValid(card.cvc)) errors.cvc = 'The security code is 3 or 4 digits';

  if (!card.name.trim()) errors.name = 'Enter the name on the card';
  else if (card.name.trim().length > 64) errors.name = 'The name must be at most 64 characters';
  return errors;
}
