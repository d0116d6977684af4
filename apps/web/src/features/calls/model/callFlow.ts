import { toast } from 'sonner';
import { CALL_MESSAGES, callEndedToast, callUnansweredToast, changedPriceOf, type CallEndReason } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { balanceChanged } from '../../../shared/socket/walletBalance';
import type { AppDispatch, RootState } from '../../../shared/store/hooks';
import { callsApi } from '../api/callsApi';
import type { CallableModel } from '../lib/callNow';
import {
  callCharged,
  callClosed,
  callConnected,
  callDeclined,
  callEnded,
  callInitiating,
  callResumed,
  callRinging,
  chargeRequested,
} from './callSlice';
import { forgetCall, rememberCall, rememberedCall } from './callMemory';
import { callToastId } from './callToasts';

/**
 * The Voice Call modal's moves that talk to the server (docs/product.md#calls). The stages and
 * their texts are the spec's (sections 2, 4 and 8); the server owns the call's state and billing,
 * the page follows it.
 */
type GetState = () => RootState;

/** The server's msg, or the spec's sentence for this failure. */
function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg?.trim() ? error.msg : fallback;
}

/** Runs one mutation and drops its cache entry: the modal keeps what it needs in the call slice. */
async function run<T>(request: { unwrap: () => Promise<T>; reset: () => void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}

/** Fire-and-forget for calls whose failure changes nothing the person sees (the server ends stale calls itself). */
function quietly(promise: Promise<unknown>) {
  promise.catch(() => undefined);
}

const currentCallId = (getState: GetState) => getState().call.call?.callId ?? null;

/** How placing a call ended for Call Now: placed (or failed, said in a toast), or refused because the rate changed. */
export type StartOutcome = { rateChangedTo: number } | null;

/**
 * Call Now passed its checks: Initiating, then Ringing once the server answers callId and callRate.
 * The request carries the rate shown; a rate changed meanwhile places no call and answers the rate
 * now, for Call Now to ask the member before calling at it (docs/product.md#price-changes).
 */
export const startCall =
  (model: CallableModel) =>
  async (dispatch: AppDispatch): Promise<StartOutcome> => {
    dispatch(callInitiating({ otherParty: { _id: model._id, name: model.name }, callRate: model.callRate }));
    try {
      const answer = await run(dispatch(callsApi.endpoints.initiateCall.initiate({ modelId: model._id, expectedPrice: model.callRate })));
      rememberCall(answer.callId);
      dispatch(callRinging({ callId: answer.callId, callRate: answer.callRate }));
      toast.success(CALL_MESSAGES.initiated, { id: callToastId(answer.callId) });
      return null;
    } catch (error) {
      // docs/product.md#call-modal: the error, or 'Failed to initiate call'; the modal closes.
      toast.error(failureMessage(error, CALL_MESSAGES.initiateFailed), { id: callToastId(null) });
      dispatch(callClosed());
      const rateNow = changedPriceOf(isApiError(error) ? error : null);
      return rateNow !== null ? { rateChangedTo: rateNow } : null;
    }
  };

/** Closes the modal (the Ended stage's delay ran out, or the person closed a finished call). */
export const closeCall = () => (dispatch: AppDispatch) => {
  forgetCall();
  dispatch(callClosed());
};

/** Cancelling while ringing just closes the modal (docs/product.md#call-modal); the server stops ringing the model. */
export const cancelCall = () => (dispatch: AppDispatch, getState: GetState) => {
  const callId = currentCallId(getState);
  dispatch(closeCall());
  if (callId) quietly(run(dispatch(callsApi.endpoints.endCall.initiate(callId))));
};

/**
 * The Ended stage with the call's duration and total. Said once per call (one toast), while later
 * figures from the server ('call:ended' carries finalTokens) replace earlier ones.
 */
export const finishCall =
  ({ callId, duration, tokens }: { callId: string; duration: number; tokens: number }) =>
  (dispatch: AppDispatch, getState: GetState) => {
    const { call, stage } = getState().call;
    if (call?.callId !== callId) return;
    dispatch(callEnded({ callId, duration, tokens }));
    if (stage !== 'ended') {
      forgetCall();
      toast.info(callEndedToast(duration), { id: callToastId(callId) });
    }
  };

/** The end-call button: the server's answer names the final duration and tokens. */
export const hangUp = () => async (dispatch: AppDispatch, getState: GetState) => {
  const callId = currentCallId(getState);
  if (!callId) return;
  try {
    const final = await run(dispatch(callsApi.endpoints.endCall.initiate(callId)));
    dispatch(finishCall({ callId, duration: final.duration, tokens: final.tokensUsed }));
  } catch {
    // The server ends a call whose caller is gone; the person still leaves it now.
    const { elapsed, tokensCharged } = getState().call;
    dispatch(finishCall({ callId, duration: elapsed, tokens: tokensCharged }));
  }
};

/**
 * 'Token is not enough. Please top-up token' (docs/product.md#call-modal), then the Ended stage. The caller
 * learns it from the charge's 402 or from the server's own schedule ('call:ended' with reason
 * 'insufficient-tokens'), whichever comes first; only a call still connected moves, so the second
 * word changes nothing and the toast shows once (its id makes sure).
 */
const tokensRanOut =
  ({ callId, duration, tokens }: { callId: string; duration: number; tokens: number }) =>
  (dispatch: AppDispatch, getState: GetState): boolean => {
    const { call, stage } = getState().call;
    if (call?.callId !== callId || stage !== 'connected') return false;
    dispatch(finishCall({ callId, duration, tokens }));
    // One toast, in place of 'Call ended. Duration: …': the reason first, where it is read, the duration under it.
    if (call.direction === 'outgoing')
      toast.error(CALL_MESSAGES.tokensRanOut, { id: callToastId(callId), description: callEndedToast(duration) });
    return true;
  };

/**
 * The charging call at 5 s, 61 s, 121 s … (docs/product.md#call-modal). The answer's tokensUsed is the truth;
 * a 402 means the next minute cannot be paid: the call ends (tokensRanOut). Other failures change
 * nothing: the server charges on its own schedule anyway.
 */
export const chargeDue = (callId: string, minute: number) => async (dispatch: AppDispatch, getState: GetState) => {
  dispatch(chargeRequested({ callId, minute }));
  try {
    const answer = await run(dispatch(callsApi.endpoints.chargeCall.initiate(callId)));
    dispatch(callCharged({ callId, tokensUsed: answer.tokensUsed }));
    dispatch(balanceChanged(answer.balance));
    if (answer.status !== 'connected') dispatch(finishCall({ callId, duration: answer.duration, tokens: answer.tokensUsed }));
  } catch (error) {
    if (!isApiError(error) || error.status !== 402) return;
    const { elapsed, tokensCharged } = getState().call;
    if (dispatch(tokensRanOut({ callId, duration: elapsed, tokens: tokensCharged }))) {
      quietly(run(dispatch(callsApi.endpoints.endCall.initiate(callId))));
    }
  }
};

/** The model accepts on her in-app softphone; the timer starts with the server's answer. */
export const acceptIncoming = () => async (dispatch: AppDispatch, getState: GetState) => {
  const callId = currentCallId(getState);
  if (!callId) return;
  try {
    const call = await run(dispatch(callsApi.endpoints.acceptCall.initiate(callId)));
    if (call.status === 'connected') dispatch(callConnected({ callId, now: Date.now() }));
  } catch (error) {
    toast.error(failureMessage(error, CALL_MESSAGES.joinFailed), { id: callToastId(callId) });
    dispatch(closeCall());
  }
};

/** The model declines: her modal closes; the caller hears it through 'call:declined'. */
export const declineIncoming = () => (dispatch: AppDispatch, getState: GetState) => {
  const callId = currentCallId(getState);
  dispatch(closeCall());
  if (callId) quietly(run(dispatch(callsApi.endpoints.declineCall.initiate(callId))));
};

// ---- server events ---------------------------------------------------------------------------------

/** 'call:connected': Ringing becomes Connected; the caller then joins the voice link. */
export const onCallConnected = (callId: string) => (dispatch: AppDispatch, getState: GetState) => {
  const { call, stage } = getState().call;
  if (call?.callId !== callId || stage !== 'ringing') return;
  dispatch(callConnected({ callId, now: Date.now() }));
  toast.success(CALL_MESSAGES.connected, { id: callToastId(callId) });
};

/**
 * 'call:declined': the caller sees the Declined stage and the spec's info toast for a decline, or
 * the No Answer stage and a toast of its own when nobody picked up in time (never "declined" for
 * that, docs/product.md#calls); the model's softphone stops ringing.
 */
export const onCallDeclined = (callId: string, reason: 'declined' | 'no-answer') => (dispatch: AppDispatch, getState: GetState) => {
  const { call } = getState().call;
  if (call?.callId !== callId) return;
  if (call.direction === 'incoming') {
    dispatch(closeCall());
    return;
  }
  forgetCall();
  dispatch(callDeclined({ callId, reason }));
  toast.info(reason === 'no-answer' ? callUnansweredToast(call.otherParty.name) : CALL_MESSAGES.declined, { id: callToastId(callId) });
};

/** 'call:ended': a connected call shows Ended; one that never connected was cancelled or refused. */
export const onCallEnded =
  ({ callId, duration, finalTokens, reason }: { callId: string; duration: number; finalTokens: number; reason: CallEndReason }) =>
  (dispatch: AppDispatch, getState: GetState) => {
    const { call, stage } = getState().call;
    if (call?.callId !== callId) return;
    if (stage === 'connected' && reason === 'insufficient-tokens') {
      dispatch(tokensRanOut({ callId, duration, tokens: finalTokens }));
    } else if (stage === 'connected' || stage === 'ended') {
      dispatch(finishCall({ callId, duration, tokens: finalTokens }));
    } else if (call.direction === 'outgoing' && (reason === 'declined' || reason === 'no-answer')) {
      dispatch(onCallDeclined(callId, reason));
    } else if (stage !== 'declined' && stage !== 'unanswered') {
      // The caller cancelled a ringing call, or it failed before anyone spoke.
      dispatch(closeCall());
    }
  };

export const onCallCharged = (callId: string, tokensUsed: number) => (dispatch: AppDispatch) => {
  dispatch(callCharged({ callId, tokensUsed }));
};

/** A reload mid-call: if the server says this person's call is still live, the modal comes back. */
export const resumeCall = () => async (dispatch: AppDispatch, getState: GetState) => {
  const callId = rememberedCall();
  if (!callId || getState().call.stage) return;
  try {
    const call = await dispatch(callsApi.endpoints.callStatus.initiate(callId, { subscribe: false, forceRefetch: true })).unwrap();
    const stage = call.status === 'connected' ? 'connected' : call.status === 'ringing' || call.status === 'initiated' ? 'ringing' : null;
    if (!stage || getState().call.stage) {
      if (!stage) forgetCall();
      return;
    }
    dispatch(
      callResumed({
        call: {
          callId,
          callRate: call.callRate,
          otherParty: { _id: call.otherParty._id, name: call.otherParty.name },
          direction: call.direction,
        },
        stage,
        duration: call.duration,
        tokensCharged: call.tokensUsed,
        minutesCharged: call.minutesCharged,
        now: Date.now(),
      }),
    );
  } catch {
    forgetCall();
  }
};
