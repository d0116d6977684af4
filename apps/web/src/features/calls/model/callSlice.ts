import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../shared/store/hooks';
import { dueMinute } from '../lib/billing';

/**
 * The Voice Call modal's stages (docs/product.md#call-modal): initiating, then
 * ringing once the server returns a call id and rate; connected on 'call:connected'; ended on
 * 'call:ended', a billing failure or hanging up; declined on 'call:declined' for a real decline,
 * unanswered on 'call:declined' with reason 'no-answer' (nobody picked up in time). `null`: no modal.
 */
export type CallStage = 'initiating' | 'ringing' | 'connected' | 'ended' | 'declined' | 'unanswered';
/** 'outgoing' for the caller; 'incoming' for the model being called (her in-app softphone). */
export type CallDirection = 'outgoing' | 'incoming';
export type CallParty = { _id: string; name: string };

/** The voice link status (docs/product.md#call-modal): disconnected, connecting, connected (with callSid), error. */
export type VoiceStatus =
  { status: 'disconnected' } | { status: 'connecting' } | { status: 'connected'; callSid: string } | { status: 'error'; message: string };

export type OpenCall = {
  /** Null while the server has not answered the initiate request yet. */
  callId: string | null;
  /** Tokens per minute. */
  callRate: number;
  otherParty: CallParty;
  direction: CallDirection;
  /** Brought back after a reload: this side makes a fresh WebRTC offer to rejoin. */
  resumed: boolean;
};

export type CallState = {
  stage: CallStage | null;
  call: OpenCall | null;
  /** Local clock (ms) the connected time counts from; the timer reads it every second. */
  connectedSince: number | null;
  /** Seconds of connected time. */
  elapsed: number;
  /** What the server says it charged so far (tokens): the charge answer or 'call:charged'. */
  tokensCharged: number;
  /** The last minute this page asked the server to charge (docs/product.md#call-modal: at 5 s, 61 s, 121 s …). */
  minutesRequested: number;
  /** The Ended stage's figures: the server's duration and finalTokens when it has said them. */
  summary: { duration: number; tokens: number } | null;
  voice: VoiceStatus;
  muted: boolean;
};

const initialState: CallState = {
  stage: null,
  call: null,
  connectedSince: null,
  elapsed: 0,
  tokensCharged: 0,
  minutesRequested: 0,
  summary: null,
  voice: { status: 'disconnected' },
  muted: false,
};

const isCurrent = (state: CallState, callId: string) => state.call?.callId === callId;

const callSlice = createSlice({
  name: 'call',
  initialState,
  reducers: {
    /** Call Now was pressed: the modal opens at Initiating with the rate the profile showed. */
    callInitiating: (_state, { payload }: PayloadAction<{ otherParty: CallParty; callRate: number }>) => ({
      ...initialState,
      stage: 'initiating',
      call: { callId: null, callRate: payload.callRate, otherParty: payload.otherParty, direction: 'outgoing', resumed: false },
    }),
    /** The server answered the initiate request with the call's id and rate. */
    callRinging: (state, { payload }: PayloadAction<{ callId: string; callRate: number }>) => {
      if (state.stage !== 'initiating' || !state.call) return;
      state.stage = 'ringing';
      state.call.callId = payload.callId;
      state.call.callRate = payload.callRate;
    },
    /** An incoming call starts directly in ringing with the supplied call data. */
    incomingCall: (state, { payload }: PayloadAction<{ callId: string; callRate: number; fromUser: CallParty }>) => {
      // A person on a call is busy (the server refuses a second one); a closing modal gives way.
      if (state.stage === 'ringing' || state.stage === 'connected' || state.stage === 'initiating') return;
      return {
        ...initialState,
        stage: 'ringing',
        call: { callId: payload.callId, callRate: payload.callRate, otherParty: payload.fromUser, direction: 'incoming', resumed: false },
      };
    },
    /** 'call:connected' (or the model's own accept answer): the timer starts now. */
    callConnected: (state, { payload }: PayloadAction<{ callId: string; now: number }>) => {
      if (!isCurrent(state, payload.callId) || state.stage !== 'ringing') return;
      state.stage = 'connected';
      state.connectedSince = payload.now;
      state.elapsed = 0;
    },
    /** A reload mid-call: the status endpoint said this person's call is still live. */
    callResumed: (
      _state,
      {
        payload,
      }: PayloadAction<{
        call: Omit<OpenCall, 'resumed'>;
        stage: 'ringing' | 'connected';
        duration: number;
        tokensCharged: number;
        minutesCharged: number;
        now: number;
      }>,
    ) => ({
      ...initialState,
      stage: payload.stage,
      // Only a connected call needs a fresh WebRTC offer; a ringing one connects as usual.
      call: { ...payload.call, resumed: payload.stage === 'connected' },
      connectedSince: payload.stage === 'connected' ? payload.now - payload.duration * 1000 : null,
      elapsed: payload.duration,
      tokensCharged: payload.tokensCharged,
      minutesRequested: Math.max(payload.minutesCharged, dueMinute(payload.duration)),
    }),
    /** The timer ticks every second (docs/product.md#call-modal); elapsed is read from the clock so a slow tab does not drift. */
    callTicked: (state, { payload }: PayloadAction<{ now: number }>) => {
      if (state.stage !== 'connected' || state.connectedSince === null) return;
      state.elapsed = Math.max(0, Math.floor((payload.now - state.connectedSince) / 1000));
    },
    /** The page is about to ask the server to charge everything due up to this minute. */
    chargeRequested: (state, { payload }: PayloadAction<{ callId: string; minute: number }>) => {
      if (!isCurrent(state, payload.callId)) return;
      state.minutesRequested = Math.max(state.minutesRequested, payload.minute);
    },
    /** The server's figure of what this call cost so far. */
    callCharged: (state, { payload }: PayloadAction<{ callId: string; tokensUsed: number }>) => {
      if (!isCurrent(state, payload.callId) || state.stage !== 'connected') return;
      state.tokensCharged = Math.max(state.tokensCharged, payload.tokensUsed);
    },
    /** The call is over: the Ended stage with its duration and total (later figures from the server win). */
    callEnded: (state, { payload }: PayloadAction<{ callId: string; duration: number; tokens: number }>) => {
      if (!isCurrent(state, payload.callId)) return;
      state.stage = 'ended';
      state.summary = { duration: payload.duration, tokens: payload.tokens };
      state.voice = { status: 'disconnected' };
      state.muted = false;
    },
    /** The model said no ('declined') or did not answer in time ('no-answer'): each has its own stage. */
    callDeclined: (state, { payload }: PayloadAction<{ callId: string; reason: 'declined' | 'no-answer' }>) => {
      if (!isCurrent(state, payload.callId) || (state.stage !== 'ringing' && state.stage !== 'initiating')) return;
      state.stage = payload.reason === 'no-answer' ? 'unanswered' : 'declined';
    },
    /** The modal closes: after the Ended stage's delay, a cancel, a decline, a failed initiate. */
    callClosed: () => initialState,
    voiceStatusChanged: (state, { payload }: PayloadAction<VoiceStatus>) => {
      if (state.stage !== 'connected') return;
      state.voice = payload;
    },
    muteToggled: (state) => {
      state.muted = !state.muted;
    },
  },
});

export const {
  callInitiating,
  callRinging,
  incomingCall,
  callConnected,
  callResumed,
  callTicked,
  chargeRequested,
  callCharged,
  callEnded,
  callDeclined,
  callClosed,
  voiceStatusChanged,
  muteToggled,
} = callSlice.actions;
export const callReducer = callSlice.reducer;

export const selectCall = (state: RootState): CallState => state.call;
