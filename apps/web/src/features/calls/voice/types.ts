import type { CallSignal } from '@cc/contracts';
import type { VoiceToken } from '../api/callsApi';
import type { VoiceStatus } from '../model/callSlice';

/** How a voice link talks to the other party's browser: 'call:signal' on the one socket. */
export type SignalChannel = {
  send: (signal: CallSignal) => void;
  /** Delivers signals for this call, first any that arrived before the link was listening. */
  listen: (onSignal: (signal: CallSignal) => void) => () => void;
};

export type VoiceLinkOptions = {
  callId: string;
  /**
   * Which party this browser is. With Twilio only the caller's browser joins the conference: the
   * model answers on her own phone (docs/product.md#call-modal). The local provider links both; default 'caller'.
   */
  party?: 'caller' | 'model';
  /** Whether this side makes the WebRTC offer: the caller, or whoever rejoins after a reload. */
  makeOffer: boolean;
  /** GET /call/webrtc/token. */
  fetchToken: () => Promise<VoiceToken>;
  signals: SignalChannel;
  onStatus: (status: VoiceStatus) => void;
  /** The other party's audio (null when the link closes). */
  onRemoteStream: (stream: MediaStream | null) => void;
};

/**
 * The browser's voice leg of a call (docs/product.md#calls). `local` is WebRTC between the two
 * browsers; a Twilio Device joining `conference:{callId}` fits the same shape.
 */
export interface VoiceLink {
  /** Registers the device and joins; rejects when joining fails ('API request failed' for the token). */
  connect(): Promise<void>;
  setMuted(muted: boolean): void;
  /** Leaves and releases the microphone; the status returns to disconnected. */
  disconnect(): void;
}

export type CreateVoiceLink = (options: VoiceLinkOptions) => VoiceLink;
