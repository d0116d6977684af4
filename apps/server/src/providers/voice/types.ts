/**
 * Voice providers behind one interface (docs/product.md#calls): `local` rings the model's in-app
 * softphone and carries audio over WebRTC between the two browsers; `twilio` rings the model's
 * phone through Twilio's REST API and joins both legs in `conference:{callId}`. The calls module
 * owns the call's state and billing; a provider only places, rings and hangs up, and reports what
 * it sees through `CallLifecycle`.
 */
export type VoiceProviderName = 'local' | 'twilio';

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

export type VoiceProvider = {
  name: VoiceProviderName;
  /** A JWT (three dot-separated parts) that registers this member's browser voice device. */
  deviceToken(input: { userId: string }): Promise<{ token: string; identity: string; iceServers: IceServer[] }>;
  /**
   * Rings the model for a call the service just created. `local`: nothing to place (the service's
   * `call:incoming` event rings the softphone). `twilio`: creates the model's leg, which joins
   * `conference:{callId}` when answered. Answers the provider's id for what it placed, if any.
   */
  ringModel(input: {
    callId: string;
    modelPhone: string | null;
    ringSeconds: number;
    maxSeconds: number;
  }): Promise<{ callSid: string | null }>;
  /** Hangs up whatever the provider still holds for this call (best effort, never throws). */
  hangUp(input: { callId: string; callSid: string | null }): Promise<void>;
};

/**
 * What a provider tells the calls service. Each is a compare-and-set on the call's state: a late,
 * repeated or out-of-order report changes nothing and answers false.
 */
export type CallLifecycle = {
  /** The caller's browser leg joined (Twilio: the TwiML voice webhook); records its sid. */
  callerJoined(callId: string, callSid: string | null): Promise<boolean>;
  /** The model's phone is ringing (Twilio call-progress `ringing`). */
  modelRinging(callId: string, callSid: string | null): Promise<boolean>;
  /** Both parties are on the line: billing starts now. */
  connected(callId: string): Promise<boolean>;
  /** The model declined, was busy or did not answer before being connected. */
  notAnswered(callId: string, reason: 'declined' | 'no-answer'): Promise<boolean>;
  /** A leg hung up or the provider ended the call. */
  ended(callId: string, reason: 'caller-ended' | 'model-ended' | 'failed'): Promise<boolean>;
  /** The provider could not place the call at all. */
  failed(callId: string): Promise<boolean>;
  /** Whether this identity may join this call's conference (the caller of a live call). */
  mayJoin(callId: string, userId: string): Promise<boolean>;
};
