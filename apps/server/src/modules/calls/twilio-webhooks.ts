import { twilioRoutes } from '@cc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, TwilioConfig } from '../../config/config';
import { mountRoute } from '../../platform/routes';
import type { CallLifecycle } from '../../providers/voice/types';
import {
  conferenceTwiml,
  emptyTwiml,
  isValidTwilioSignature,
  rejectTwiml,
  TWILIO_WEBHOOK_PATHS,
  userIdFromIdentity,
} from '../../providers/voice/twilio';

/**
 * Twilio's webhooks for the `twilio` voice provider (docs/product.md#calls):
 *  - the TwiML app's Voice URL, called when a member's browser device connects with `callId`
 *    (To = 'conference:{callId}'): joins the caller of a live call to the call's conference;
 *  - the model leg's call progress (ringing, busy, no-answer, failed, canceled, completed);
 *  - the conference's events (the model joining connects the call; a leg leaving ends it).
 * Every request must carry a valid X-Twilio-Signature over the URL as Twilio called it, rebuilt
 * from PUBLIC_URL; anything else gets 403 and changes nothing. The lifecycle is compare-and-set, so a
 * callback that comes twice or late changes nothing twice.
 */

/** Twilio's callbacks are a few hundred bytes; anything bigger is not Twilio. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Form = [string, string][];
const field = (form: Form, name: string) => form.find(([key]) => key === name)?.[1];

/** The Twilio settings and public URL, given directly or as the app's whole configuration. */
export type TwilioWebhookDeps = { lifecycle: CallLifecycle } & ({ twilio: TwilioConfig; publicUrl: string } | { config: Config });

export async function registerTwilioWebhooks(app: FastifyInstance, deps: TwilioWebhookDeps) {
  const { lifecycle } = deps;
  const settings = 'config' in deps ? twilioSettingsOf(deps.config) : deps;
  const publicUrl = settings.publicUrl.replace(/\/$/, '');
  const signedForm = signedFormReader(settings.twilio.authToken, publicUrl);
  const sequences = createSequenceWatch();

  await app.register(async (scope) => {
    acceptFormBodiesOnly(scope);

    mountRoute(scope, twilioRoutes.voice, async (request, reply) => {
      const form = signedForm(request, reply);
      if (!form) return reply;
      const callId = field(form, 'callId') ?? field(form, 'To')?.replace(/^conference:/, '') ?? '';
      const userId = userIdFromIdentity(field(form, 'From') ?? '');
      if (!UUID.test(callId) || !userId || !(await lifecycle.mayJoin(callId, userId))) return twiml(reply, rejectTwiml());
      await lifecycle.callerJoined(callId, field(form, 'CallSid') ?? null);
      return twiml(
        reply,
        conferenceTwiml({
          conference: callId,
          label: 'member',
          startConferenceOnEnter: false,
          statusCallback: `${publicUrl}${TWILIO_WEBHOOK_PATHS.conference(callId)}`,
        }),
      );
    });

    mountRoute(scope, twilioRoutes.callStatus, async (request, reply) => {
      const form = signedForm(request, reply);
      if (!form) return reply;
      const { callId } = request.params;
      const callSid = field(form, 'CallSid') ?? null;
      if (!UUID.test(callId) || sequences.isStale(`call:${callSid ?? callId}`, field(form, 'SequenceNumber')))
        return twiml(reply, emptyTwiml());
      await applyModelLegStatus(lifecycle, callId, callSid, field(form, 'CallStatus'));
      return twiml(reply, emptyTwiml());
    });

    mountRoute(scope, twilioRoutes.conference, async (request, reply) => {
      const form = signedForm(request, reply);
      if (!form) return reply;
      const { callId } = request.params;
      const conferenceSid = field(form, 'ConferenceSid') ?? callId;
      if (!UUID.test(callId) || sequences.isStale(`conference:${conferenceSid}`, field(form, 'SequenceNumber')))
        return twiml(reply, emptyTwiml());
      await applyConferenceEvent(lifecycle, callId, form);
      return twiml(reply, emptyTwiml());
    });
  });
}

// Only form bodies here, kept as ordered pairs: the signature covers every parameter as sent.
function acceptFormBodiesOnly(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, [...new URLSearchParams(body.toString())]),
  );
}

/** Reads the form of a genuinely signed request, or answers 403 and gives null. */
function signedFormReader(authToken: string, publicUrl: string) {
  return function signedForm(request: FastifyRequest, reply: FastifyReply): Form | null {
    const form = Array.isArray(request.body) ? (request.body as Form) : [];
    const header = request.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    // request.url is the path and query as requested; the scheme and host are ours, not the Host header's.
    if (!isValidTwilioSignature(authToken, signature, `${publicUrl}${request.url}`, form)) {
      void reply.status(403).type('text/plain').send('Invalid Twilio signature');
      return null;
    }
    return form;
  };
}

const twiml = (reply: FastifyReply, xml: string) => reply.status(200).type('text/xml').send(xml);

/** The model leg's call progress, as the lifecycle's step it means. */
async function applyModelLegStatus(lifecycle: CallLifecycle, callId: string, callSid: string | null, status: string | undefined) {
  switch (status) {
    case 'ringing':
      await lifecycle.modelRinging(callId, callSid);
      break;
    // A mobile phone's decline button reads as busy to the network.
    case 'busy':
      await lifecycle.notAnswered(callId, 'declined');
      break;
    case 'no-answer':
    case 'canceled':
      await lifecycle.notAnswered(callId, 'no-answer');
      break;
    case 'failed':
      await lifecycle.failed(callId);
      break;
    case 'completed':
      await lifecycle.ended(callId, 'model-ended');
      break;
    // queued, initiated, in-progress: the conference's participant-join says when both are on.
    default:
      break;
  }
}

/** A conference event, as the lifecycle's step it means. */
async function applyConferenceEvent(lifecycle: CallLifecycle, callId: string, form: Form) {
  const label = field(form, 'ParticipantLabel');
  switch (field(form, 'StatusCallbackEvent')) {
    case 'participant-join':
      // The model answered and is in the room: billing starts. The member may already be
      // waiting there, or joins on call:connected (spec: the caller then joins the conference).
      if (label === 'model') await lifecycle.connected(callId);
      break;
    case 'participant-leave':
      if (label === 'model') await lifecycle.ended(callId, 'model-ended');
      else if (label === 'member') await lifecycle.ended(callId, 'caller-ended');
      break;
    case 'conference-end': {
      // Usually a participant-leave said it first; this is for one that came late or never.
      const endedBy = field(form, 'ParticipantLabelEndingConference');
      await lifecycle.ended(callId, endedBy === 'member' ? 'caller-ended' : 'model-ended');
      break;
    }
    default:
      break;
  }
}

function twilioSettingsOf(config: Config): { twilio: TwilioConfig; publicUrl: string } {
  if (config.voice.provider !== 'twilio') throw new Error("Twilio's webhooks are mounted only when VOICE_PROVIDER=twilio");
  return { twilio: config.voice.twilio, publicUrl: config.publicUrl };
}

/**
 * Twilio numbers each resource's callbacks (SequenceNumber); one not newer than the last seen for
 * that call or conference is a repeat or came late, and is dropped. Kept in memory and bounded: the
 * lifecycle's compare-and-set is the real guard, this only spares it work.
 */
function createSequenceWatch(limit = 10_000) {
  const seen = new Map<string, number>();
  return {
    isStale(key: string, sequence: string | undefined): boolean {
      if (sequence === undefined || !/^\d+$/.test(sequence)) return false;
      const value = Number(sequence);
      const last = seen.get(key);
      if (last !== undefined && value <= last) return true;
      seen.delete(key);
      seen.set(key, value);
      if (seen.size > limit) seen.delete(seen.keys().next().value!);
      return false;
    },
  };
}
