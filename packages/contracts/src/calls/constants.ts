/**
 * The balance needed to start a call: 10 tokens (docs/product.md#calls). Hundredths, like every
 * amount inside the server; a client compares it with a balance it reads in tokens only after
 * `hundredthsToTokens(CALL_MIN_BALANCE)`.
 */
export const CALL_MIN_BALANCE = 1000;
/** Seconds of connected time at which minute k (1-based) is charged: 5, 61, 121, … */
export const billingSecondForMinute = (minute: number): number => (minute === 1 ? 5 : 60 * (minute - 1) + 1);
/** Tokens used as displayed: ceil(seconds / 60) × rate, in the rate's unit (docs/product.md#call-billing). */
export const tokensUsed = (seconds: number, ratePerMinute: number): number => Math.ceil(seconds / 60) * ratePerMinute;
export const CALL_MODAL_CLOSE_DELAY_MS = 3000;
/**
 * The model has this long to answer before the call ends as missed: the caller is told nobody
 * answered (never "declined", docs/product.md#calls) and the model gets a missed-call notification.
 */
export const CALL_RING_TIMEOUT_MS = 30_000;
/** A party whose every socket is gone this long is taken to have left: the call ends, billing stops. */
export const CALL_DISCONNECT_GRACE_MS = 15_000;

/** The spec's sentences for calls, word for word (docs/product.md#call-modal). */
export const CALL_MESSAGES = {
  signInToCall: 'Please log in to make calls',
  modelUnavailable: 'This model is not available for calls at the moment',
  needTokens: 'You need at least 10 tokens to make a call',
  initiateFailed: 'Failed to initiate call',
  tokensRanOut: 'Token is not enough. Please top-up token',
  joinFailed: 'Failed to connect to call',
  voiceJoinFailed: 'Failed to connect to voice call',
  voiceFailed: 'Voice call connection failed',
  initiated: 'Call initiated. Waiting for model to answer...',
  declined: 'Call was declined',
  connected: 'Call connected!',
  voiceConnected: 'Voice call connected!',
  connectingVoice: 'Connecting to voice call...',
  tokenRequestFailed: 'API request failed',
} as const;

/** The info toast of a call nobody answered: our words, where the spec has none (docs/product.md#calls). */
export const callUnansweredToast = (name: string): string => `No answer from ${name}`;
/** The caller's modal for a call nobody answered: heading and sentence (docs/product.md#call-modal). */
export const CALL_UNANSWERED_HEADING = 'No Answer';
export const callUnansweredText = (name: string): string => `${name} did not answer. We have let them know you called.`;

/** 'Call ended. Duration: M:SS' (docs/product.md#call-modal). */
export const callEndedToast = (seconds: number): string =>
  `Call ended. Duration: ${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
/** 'Incoming Call: {name} is calling your phone. Check your phone to accept or decline.' (docs/product.md#call-modal). */
export const incomingCallToast = (name: string): string =>
  `Incoming Call: ${name} is calling your phone. Check your phone to accept or decline.`;
