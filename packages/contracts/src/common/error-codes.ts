/** Machine-readable error codes; the client branches on these, people read `msg`. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INSUFFICIENT_TOKENS: 'INSUFFICIENT_TOKENS',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  INTERNAL: 'INTERNAL',
  /** The database or Redis could not be reached (503): nothing was done, the same request may be retried. */
  UNAVAILABLE: 'UNAVAILABLE',
  // accounts
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  INVALID_CODE: 'INVALID_CODE',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  NOT_A_MODEL: 'NOT_A_MODEL',
  // tokens
  CARD_DECLINED: 'CARD_DECLINED',
  /** The card nonce was spent, expired or not the provider's: enter the card again (422). */
  CARD_NONCE_REFUSED: 'CARD_NONCE_REFUSED',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  PAYMENT_PENDING: 'PAYMENT_PENDING',
  // messaging
  /** One side blocked the other: nobody may send in that conversation. */
  CONVERSATION_BLOCKED: 'CONVERSATION_BLOCKED',
  /** The other person deactivated or was suspended. */
  RECIPIENT_UNAVAILABLE: 'RECIPIENT_UNAVAILABLE',
  // paid actions
  /** The price the member saw (`expectedPrice`) is not the current one: nothing was charged; `details.price` is the price now. */
  PRICE_CHANGED: 'PRICE_CHANGED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
