import type { AdminCallRow, CallEndReason, CallStatus } from '@cc/contracts';
import type { BadgeTone } from '../../../../shared/ui';

/**
 * A call as administrators read it: the words of the call history (features/calls, HistoryWords)
 * told from outside the call, naming both people (docs/product.md#calls).
 */

/** Ringing or connected: the call is going on and an administrator may end it. */
export const isLive = (status: CallStatus) => status === 'initiated' || status === 'ringing' || status === 'connected';

export const CALL_STATUS: Record<CallStatus, { label: string; tone: BadgeTone }> = {
  initiated: { label: 'Ringing', tone: 'info' },
  ringing: { label: 'Ringing', tone: 'info' },
  connected: { label: 'Connected', tone: 'success' },
  ended: { label: 'Ended', tone: 'neutral' },
  declined: { label: 'Declined', tone: 'neutral' },
  missed: { label: 'Missed', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

type Parties = Pick<AdminCallRow, 'caller' | 'model' | 'status' | 'endReason'>;

/** Why a call ended, naming who did what: "Kai Caller ended the call.", "An administrator ended the call." */
export function endReasonWords(call: Parties): string {
  const caller = call.caller.name;
  const model = call.model.name;
  const reasons: Record<CallEndReason, string> = {
    'caller-ended': `${caller} ended the call.`,
    'model-ended': `${model} ended the call.`,
    'caller-cancelled': `${caller} hung up before it was answered.`,
    'insufficient-tokens': `${caller}'s tokens ran out, so the call ended.`,
    'caller-left': `${caller}'s connection was lost, so the call ended.`,
    'model-left': `${model}'s connection was lost, so the call ended.`,
    declined: `${model} declined the call.`,
    'no-answer': `${model} did not answer within 30 seconds.`,
    failed: 'The call could not be connected.',
    'admin-ended': 'An administrator ended the call.',
  };
  if (call.endReason) return reasons[call.endReason];
  if (call.status === 'connected') return 'In progress.';
  if (isLive(call.status)) return 'Waiting for the model to answer.';
  return `${CALL_STATUS[call.status].label}.`;
}

/** Seconds as MM:SS, the way the Voice Call modal shows it: 65 → "01:05", an hour and more → "61:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** "1 minute", "3 minutes". */
export const minutesWords = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'minute' : 'minutes'}`;
