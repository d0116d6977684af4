import { z } from 'zod';
import { pageQuerySchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { expectedPriceSchema } from '../common/price-seen';

/**
 * A call's life (docs/product.md#calls): initiated → ringing → connected → ended, or it stops at
 * declined (the model said no), missed (no answer in CALL_RING_TIMEOUT_MS) or failed (the voice
 * provider could not place it). Every move is one compare-and-set on the server.
 */
export const CALL_STATUSES = ['initiated', 'ringing', 'connected', 'ended', 'declined', 'missed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINISHED_CALL_STATUSES: readonly CallStatus[] = ['ended', 'declined', 'missed', 'failed'];

/** Why a call ended, as `call:ended.reason` and the history say it. */
export const CALL_END_REASONS = [
  'caller-ended',
  'model-ended',
  'caller-cancelled',
  'insufficient-tokens',
  'caller-left',
  'model-left',
  'declined',
  'no-answer',
  'failed',
  /** An administrator ended it from the console (docs/product.md#paid-voice-calls). */
  'admin-ended',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

export const callPartySchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

/** One call as either party sees it. */
export const callSchema = z.object({
  _id: z.string(),
  callId: z.string(),
  status: z.enum(CALL_STATUSES),
  /** 'outgoing' when the viewer placed the call, 'incoming' when the viewer is the model called. */
  direction: z.enum(['outgoing', 'incoming']),
  caller: callPartySchema,
  model: callPartySchema,
  /** The other party, named for the viewer's convenience. */
  otherParty: callPartySchema,
  callRate: tokenAmount({ description: 'Tokens one minute of the call costs' }),
  /** The voice provider's id for the call (Twilio's CallSid), when it has one. */
  callSid: z.string().nullable(),
  createdAt: z.iso.datetime(),
  connectedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** Seconds of connected time (so far, while connected). */
  duration: z.number().int().nonnegative(),
  minutesCharged: z.number().int().nonnegative(),
  /** Tokens charged so far (the sum of the charged minutes). */
  tokensUsed: tokenAmount({ description: 'Tokens charged for this call so far' }),
  endReason: z.enum(CALL_END_REASONS).nullable(),
});
export type Call = z.output<typeof callSchema>;

/**
 * POST /masked-call/initiate. The spec names `modelId`; `expectedPrice` (optional) is the rate per
 * minute the caller saw (docs/product.md#price-changes).
 */
export const initiateCallSchema = z.object({
  modelId: z.uuid('That model id is not valid'),
  expectedPrice: expectedPriceSchema('the call rate per minute'),
});

/** The answer to POST /masked-call/initiate: the spec names callId and callRate. */
export const initiatedCallSchema = z.object({
  callId: z.string(),
  callRate: tokenAmount({ description: 'Tokens one minute of the call costs' }),
  status: z.enum(CALL_STATUSES),
  model: callPartySchema,
});

/** The answer to POST /masked-call/charge/{id}: what the server charged by its own clock. */
export const callChargeSchema = z.object({
  callId: z.string(),
  status: z.enum(CALL_STATUSES),
  minutesCharged: z.number().int().nonnegative(),
  tokensUsed: tokenAmount({ description: 'Tokens charged for this call so far' }),
  balance: tokenAmount({ description: 'Tokens the caller holds now' }),
  /** Seconds of connected time by the server's clock. */
  duration: z.number().int().nonnegative(),
});

export const callHistoryQuerySchema = pageQuerySchema;

export const callRateSchema = z.object({
  callRate: tokenAmount({ label: 'The call rate', max: 100_000_00, description: 'Tokens one minute of a call costs' }),
});

/** A phone number in E.164 form (+ and 8–15 digits). */
export const phoneNumberSchema = z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone number with its country code, like +14155550123');

/**
 * A model's call settings: the rate, whether members may call now, and the phone the Twilio provider
 * rings (the model's own; it is never shown to anyone else).
 */
export const callSettingsSchema = z.object({
  callRate: tokenAmount({ label: 'The call rate', max: 100_000_00, description: 'Tokens one minute of a call costs' }),
  callAvailable: z.boolean(),
  phoneNumber: phoneNumberSchema.nullable(),
  /** Which voice provider this site uses: 'local' rings the in-app softphone, 'twilio' the phone number. */
  provider: z.enum(['local', 'twilio']),
});
export const callSettingsUpdateSchema = callSettingsSchema.omit({ provider: true }).partial();

/** What registers the browser's voice device: a JWT (three dot-separated parts). */
export const voiceTokenSchema = z.object({
  token: z.string(),
  identity: z.string(),
  provider: z.enum(['local', 'twilio']),
  /** STUN/TURN servers for the local provider's WebRTC (empty on loopback). */
  iceServers: z.array(
    z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
  ),
});

/** WebRTC signalling between the two parties of a local call, relayed by the server. */
export const callSignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: z.string().max(100_000) }),
  z.object({ type: z.literal('answer'), sdp: z.string().max(100_000) }),
  z.object({
    type: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
    }),
  }),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;
