import type { VoiceToken } from '../api/callsApi';
import { createLocalVoiceLink } from './localVoiceLink';
import { createTwilioVoiceLink } from './twilioVoiceLink';
import type { CreateVoiceLink, VoiceLink } from './types';

/**
 * The voice link of the site's provider (docs/product.md#calls). GET /call/webrtc/token says which
 * it is (`provider`), so its first answer picks the link and is handed to it as its token, not
 * fetched twice. With Twilio the model's browser joins nothing: her phone is her voice (spec
 * section 6), and the status stays disconnected.
 */
export function voiceLinkByProvider(links: Record<VoiceToken['provider'], CreateVoiceLink>): CreateVoiceLink {
  return (options) => {
    let chosen: VoiceLink | null = null;
    let muted = false;
    let closed = false;

    return {
      async connect() {
        const firstToken = options.fetchToken();
        // A failed request is reported by the link below, which receives the same answer.
        const provider = await firstToken.then(
          (token) => token.provider,
          () => 'local' as const,
        );
        if (closed || (provider === 'twilio' && options.party === 'model')) return;
        let handedOut = false;
        const fetchToken = () => {
          if (handedOut) return options.fetchToken();
          handedOut = true;
          return firstToken;
        };
        chosen = links[provider]({ ...options, fetchToken });
        chosen.setMuted(muted);
        await chosen.connect();
      },
      setMuted(next) {
        muted = next;
        chosen?.setMuted(next);
      },
      disconnect() {
        if (closed) return;
        closed = true;
        if (chosen) chosen.disconnect();
        else options.onStatus({ status: 'disconnected' });
      },
    };
  };
}

/** The link the app uses: the local WebRTC link or Twilio's, as the server says. */
export const createSiteVoiceLink: CreateVoiceLink = voiceLinkByProvider({ local: createLocalVoiceLink, twilio: createTwilioVoiceLink });
