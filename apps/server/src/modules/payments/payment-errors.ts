import { ErrorCode } from '@cc/contracts';
import { AppError } from '../../platform/errors';

/** What a member reads when the provider refuses the card nonce itself (docs/product.md#card-payments). */
export const NONCE_REFUSED_MESSAGE = 'Your card details have expired or were already used. Please enter your card again.';

/**
 * A spent, expired or forged card nonce: the member's input, refused before any transaction existed,
 * so 422 (not a provider failure) with the provider's own words in `details.reason`.
 */
export const nonceRefused = (reason: string | null) =>
  new AppError(422, ErrorCode.CARD_NONCE_REFUSED, NONCE_REFUSED_MESSAGE, { reason, fields: { opaqueData: NONCE_REFUSED_MESSAGE } });

/**
 * The failure message a refused nonce leaves on its `declined` payment: the member's sentence, then the
 * provider's words for administrators. A repeat of the purchase key recognises it by that sentence.
 */
export const nonceRefusalNote = (reason: string) => `${NONCE_REFUSED_MESSAGE} (${reason})`;
export const isNonceRefusalNote = (failureMessage: string | null) => failureMessage?.startsWith(NONCE_REFUSED_MESSAGE) ?? false;

/** The provider's words inside a refusal note, or the note itself for any other failure. */
export const reasonOf = (failureMessage: string | null) =>
  isNonceRefusalNote(failureMessage) ? failureMessage!.slice(NONCE_REFUSED_MESSAGE.length + 2, -1) : failureMessage;
