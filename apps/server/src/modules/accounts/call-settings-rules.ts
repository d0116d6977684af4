import { ErrorCode } from '@cc/contracts';
import { AppError, forbidden } from '../../platform/errors';

type CallFacts = { type: 'user' | 'model'; callRate: number; callAvailable: boolean };
type CallPatch = { callRate?: number | undefined; callAvailable?: boolean | undefined };

/** 403 NOT_A_MODEL: a member who is not a model has no call settings (docs/product.md#calls). */
export const notAModelForCalls = () => forbidden('Only models can set call settings.', ErrorCode.NOT_A_MODEL);

const NO_RATE = 'Set a call rate above 0 tokens before taking calls.';

/**
 * The rate (hundredths) and availability a member ends with after `patch`: the one set of rules for
 * PUT /masked-call/settings, PUT /masked-call/rate and PUT /users/updateProfile {callAvailable}
 * (docs/product.md#calls). Throws before anything is written.
 */
export function nextCallSettings(member: CallFacts, patch: CallPatch) {
  if (member.type !== 'model') throw notAModelForCalls();
  const next = { callRate: patch.callRate ?? member.callRate, callAvailable: patch.callAvailable ?? member.callAvailable };
  // Available at no price would make every minute a free one the ledger cannot record.
  if (next.callAvailable && next.callRate <= 0) {
    // Name what this request sent, so the form shows the refusal beside the control that caused it.
    const named = [patch.callAvailable ? 'callAvailable' : null, patch.callRate !== undefined ? 'callRate' : null].filter(Boolean);
    const fields = Object.fromEntries((named.length ? named : ['callRate']).map((field) => [field, NO_RATE]));
    throw new AppError(422, ErrorCode.VALIDATION_FAILED, NO_RATE, { fields });
  }
  return next;
}
