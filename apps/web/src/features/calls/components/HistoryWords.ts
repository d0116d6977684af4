import type { Call, CallEndReason, CallStatus } from '@cc/contracts';
import type { BadgeTone } from '../../../shared/ui';

/** How a call's status reads in the history and on its receipt (docs/product.md#calls). */
export const CALL_STATUS_WORDS: Record<CallStatus, { label: string; tone: BadgeTone }> = {
  initiated: { label: 'Ringing', tone: 'info' },
  ringing: { label: 'Ringing', tone: 'info' },
  connected: { label: 'In progress', tone: 'accent' },
  ended: { label: 'Ended', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
  missed: { label: 'Missed', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * A call's status as its viewer reads it: a call the caller cancelled while it rang is "Cancelled"
 * (not "Ended"), and a missed call is "No answer" to the one who placed it, "Missed" to the model.
 */
export function callStatusWords(call: Pick<Call, 'status' | 'endReason' | 'direction' | 'connectedAt'>): {
  label: string;
  tone: BadgeTone;
} {
  if (call.status === 'ended' && call.endReason === 'caller-cancelled' && !call.connectedAt) return { label: 'Cancelled', tone: 'neutral' };
  if (call.status === 'missed' && call.direction === 'outgoing') return { label: 'No answer', tone: 'warning' };
  return CALL_STATUS_WORDS[call.status];
}

/** Seconds as M:SS, the way the call modal and its toasts show a duration: 65 → "1:05". */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The billing rule as the receipt and the settings state it (docs/product.md#call-billing). */
export const BILLING_RULE = 'Billed per started minute: minute 1 at 5 seconds, each further minute at its first second.';

type Perspective = Pick<Call, 'direction' | 'caller' | 'model' | 'status' | 'endReason'>;

/** Why the call ended, told from the viewer's side: "You ended the call", "Ruby did not answer within 30 seconds". */
export function endReasonText(call: Perspective): string {
  const outgoing = call.direction === 'outgoing';
  const caller = call.caller.name;
  const model = call.model.name;
  const reasons: Record<CallEndReason, string> = {
    'caller-ended': outgoing ? 'You ended the call.' : `${caller} ended the call.`,
    'model-ended': outgoing ? `${model} ended the call.` : 'You ended the call.',
    'caller-cancelled': outgoing ? 'You cancelled the call before it was answered.' : `${caller} hung up before you answered.`,
    'insufficient-tokens': outgoing
      ? 'Your tokens ran out: the next minute could not be paid, so the call ended.'
      : `${caller}'s tokens ran out, so the call ended.`,
    'caller-left': outgoing
      ? 'Your browser lost the connection, so the call ended and billing stopped.'
      : `${caller}'s browser lost the connection, so the call ended.`,
    'model-left': outgoing ? `${model}'s connection was lost, so the call ended.` : 'Your connection was lost, so the call ended.',
    declined: outgoing ? `${model} declined the call.` : 'You declined the call.',
    'no-answer': outgoing ? `${model} did not answer within 30 seconds.` : 'You did not answer within 30 seconds.',
    failed: 'The call could not be connected.',
    'admin-ended': 'An administrator ended the call.',
  };
  if (call.endReason) return reasons[call.endReason];
  if (call.status === 'connected') return 'The call is still in progress.';
  if (call.status === 'initiated' || call.status === 'ringing') return 'The call is still ringing.';
  return CALL_STATUS_WORDS[call.status].label;
}
