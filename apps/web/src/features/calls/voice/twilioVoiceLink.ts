import { CALL_MESSAGES } from '@cc/contracts';
import type { CreateVoiceLink, VoiceLinkOptions } from './types';
import { fetchVoiceToken, isJwt } from './voiceToken';

/**
 * The parts of Twilio's Voice JS SDK this link uses (Device and Call of @twilio/voice-sdk 2.x),
 * narrow enough for a test to play Twilio's side.
 */
export type TwilioCall = {
  /** Twilio's parameters of the call; CallSid is there once the call is accepted. */
  parameters: Record<string, string>;
  on(event: 'accept' | 'disconnect' | 'cancel' | 'reject', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  mute(shouldMute?: boolean): void;
  disconnect(): void;
};
export type TwilioDevice = {
  connect(options: { params: Record<string, string> }): Promise<TwilioCall>;
  on(event: 'tokenWillExpire', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  updateToken(token: string): void;
  destroy(): void;
};
export type TwilioDeviceClass = new (token: string, options: { closeProtection: boolean }) => TwilioDevice;

/**
 * Loads the SDK only when a Twilio call joins: it is a separate chunk, so the `local` site's
 * bundle does not carry it.
 */
const loadTwilioDevice = async (): Promise<TwilioDeviceClass> => (await import('@twilio/voice-sdk')).Device;

type CallWatch = {
  options: VoiceLinkOptions;
  isClosed: () => boolean;
  /** Twilio ended the leg: the link no longer holds a call. */
  onEnded: () => void;
  fail: () => void;
};

/** The joined leg's events as voice link statuses: connected with Twilio's CallSid on 'accept', disconnected, or failed. */
function watchCall(joined: TwilioCall, { options, isClosed, onEnded, fail }: CallWatch) {
  joined.on('accept', () => {
    if (!isClosed()) options.onStatus({ status: 'connected', callSid: joined.parameters.CallSid ?? options.callId });
  });
  joined.on('disconnect', () => {
    if (isClosed()) return;
    onEnded();
    options.onStatus({ status: 'disconnected' });
  });
  // Twilio refused the leg (the TwiML app rejected it, or it was cancelled before it joined).
  joined.on('reject', fail);
  joined.on('cancel', fail);
  joined.on('error', fail);
}

/**
 * The `twilio` provider's voice link (docs/product.md#calls): the caller's browser registers a
 * Twilio Device with the token answer and joins the call's conference with To='conference:{callId}'
 * and callId (docs/product.md#call-modal); the TwiML app's Voice URL puts it in the conference where the model,
 * on her own phone, waits. Twilio plays the audio; this link reports the voice link status (spec
 * section 4): connecting, connected with Twilio's CallSid on 'accept', disconnected, or error
 * ('Voice call connection failed'). The token is fetched again before it expires.
 */
export function twilioVoiceLinkWith(loadDevice: () => Promise<TwilioDeviceClass> = loadTwilioDevice): CreateVoiceLink {
  return (options) => {
    let device: TwilioDevice | null = null;
    let call: TwilioCall | null = null;
    let muted = false;
    let closed = false;
    let failed = false;

    /** The link broke: told once, however many of the SDK's objects say so. */
    const fail = () => {
      if (closed || failed) return;
      failed = true;
      options.onStatus({ status: 'error', message: CALL_MESSAGES.voiceFailed });
    };

    /** 'tokenWillExpire': a fresh token keeps the device registered; a failed refresh leaves the call as it is until Twilio ends it. */
    const refreshToken = async () => {
      try {
        const fresh = await options.fetchToken();
        if (!closed && isJwt(fresh.token)) device?.updateToken(fresh.token);
      } catch {
        // The current token still holds for a few seconds; Twilio reports an error if it lapses.
      }
    };

    const release = () => {
      call?.disconnect();
      call = null;
      device?.destroy();
      device = null;
    };

    return {
      async connect() {
        options.onStatus({ status: 'connecting' });
        let token;
        try {
          token = await fetchVoiceToken(options.fetchToken);
        } catch (error) {
          if (!closed) options.onStatus({ status: 'error', message: (error as Error).message });
          throw error;
        }
        try {
          const Device = await loadDevice();
          if (closed) return;
          const registered = new Device(token.token, { closeProtection: true });
          device = registered;
          registered.on('tokenWillExpire', () => void refreshToken());
          registered.on('error', fail);
          const joined = await registered.connect({ params: { To: `conference:${options.callId}`, callId: options.callId } });
          if (closed) {
            joined.disconnect();
            return;
          }
          call = joined;
          joined.mute(muted);
          const ended = () => {
            call = null;
          };
          watchCall(joined, { options, isClosed: () => closed, onEnded: ended, fail });
        } catch (error) {
          fail();
          release();
          throw error;
        }
      },
      setMuted(next) {
        muted = next;
        call?.mute(next);
      },
      disconnect() {
        if (closed) return;
        closed = true;
        release();
        options.onRemoteStream(null);
        options.onStatus({ status: 'disconnected' });
      },
    };
  };
}

export const createTwilioVoiceLink: CreateVoiceLink = twilioVoiceLinkWith();
