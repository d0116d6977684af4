import type { TwilioConfig } from '../../../config/config';
import type { VoiceProvider } from '../types';
import { createVoiceAccessToken } from './access-token';
import { identityForUser } from './identity';
import { TWILIO_WEBHOOK_PATHS } from './paths';
import { createTwilioRestClient, TwilioApiError } from './rest';
import { conferenceTwiml } from './twiml';

/**
 * Twilio Programmable Voice (docs/product.md#calls): the member's browser joins the conference
 * named by the call id through the TwiML app (modules/calls/twilio-webhooks.ts); the model's phone
 * is rung through the REST API and joins the same conference when answered. Status callbacks, not
 * this adapter, move the call along. The model's number goes to Twilio and nowhere else.
 */
export function createTwilioProvider(opts: {
  config: TwilioConfig;
  publicUrl: string;
  warn: (message: string, error: unknown) => void;
  timeoutMs?: number;
}): VoiceProvider {
  const { config, warn } = opts;
  const publicUrl = opts.publicUrl.replace(/\/$/, '');
  const rest = createTwilioRestClient(config, opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {});

  return {
    name: 'twilio',

    async deviceToken({ userId }) {
      const identity = identityForUser(userId);
      const token = await createVoiceAccessToken({
        accountSid: config.accountSid,
        apiKeySid: config.apiKeySid,
        apiKeySecret: config.apiKeySecret,
        twimlAppSid: config.twimlAppSid,
        identity,
      });
      // Twilio's SDK finds its own media relays.
      return { token, identity, iceServers: [] };
    },

    async ringModel({ callId, modelPhone, ringSeconds, maxSeconds }) {
      if (!modelPhone) throw new TwilioApiError('The model has no phone number to ring', null, null);
      const form = new URLSearchParams({
        To: modelPhone,
        From: config.callerId,
        Twiml: conferenceTwiml({
          conference: callId,
          label: 'model',
          startConferenceOnEnter: true,
          statusCallback: `${publicUrl}${TWILIO_WEBHOOK_PATHS.conference(callId)}`,
          timeLimit: maxSeconds,
        }),
        StatusCallback: `${publicUrl}${TWILIO_WEBHOOK_PATHS.callStatus(callId)}`,
        StatusCallbackMethod: 'POST',
        Timeout: String(Math.round(ringSeconds)),
        TimeLimit: String(Math.max(1, Math.floor(maxSeconds))),
      });
      for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
      const call = await rest.createCall(form);
      if (typeof call.sid !== 'string' || !call.sid) throw new TwilioApiError('Twilio answered without a call sid', null, null);
      return { callSid: call.sid };
    },

    async hangUp({ callId, callSid }) {
      // `completed` hangs up a leg whether it is still ringing or already talking; ending the
      // conference as well drops the member's browser leg, so nobody stays on a call that ended.
      if (callSid) {
        try {
          await rest.updateCall(callSid, new URLSearchParams({ Status: 'completed' }));
        } catch (error) {
          warn('Twilio: could not hang up the call leg', error);
        }
      }
      try {
        for (const conference of await rest.liveConferences(callId)) await rest.endConference(conference.sid);
      } catch (error) {
        warn("Twilio: could not end the call's conference", error);
      }
    },
  };
}
