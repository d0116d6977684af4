import { PURCHASE_MESSAGES } from '@cc/contracts';

/**
 * A failed purchase's toast (spec section 8): the server's `msg`, or 'Error occured, please try
 * again!' (the spec's spelling) when there is none.
 */
export function purchaseFailureMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'msg' in error && typeof error.msg === 'string' && error.msg.trim()) return error.msg;
  return PURCHASE_MESSAGES.failed;
}

export const PURCHASE_SUCCESS = PURCHASE_MESSAGES.success;
