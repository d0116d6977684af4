import { CALL_MESSAGES, CALL_MIN_BALANCE, hundredthsToTokens } from '@cc/contracts';

/** What Call Now needs to know of the model on the profile. */
export type CallableModel = {
  _id: string;
  name: string;
  callRate: number;
  callAvailable: boolean;
  phoneVerified: boolean;
};

/** Callable, literally as the spec states it (docs/product.md#calls): callAvailable true and phoneVerified false. */
export const isCallableModel = (model: Pick<CallableModel, 'callAvailable' | 'phoneVerified'>): boolean =>
  model.callAvailable && !model.phoneVerified;

/** Tokens a caller must hold to start a call (10; docs/product.md#calls). */
export const MIN_BALANCE_TOKENS = hundredthsToTokens(CALL_MIN_BALANCE);

/**
 * Why Call Now may not start a call, checked in the spec's order (section 5): signed in, the
 * model callable, a balance of at least 10 tokens. `null` when the call may start.
 */
export function callNowRefusal(me: { balance: number } | null, model: CallableModel): string | null {
  if (!me) return CALL_MESSAGES.signInToCall;
  if (!isCallableModel(model)) return CALL_MESSAGES.modelUnavailable;
  if (me.balance < MIN_BALANCE_TOKENS) return CALL_MESSAGES.needTokens;
  return null;
}
