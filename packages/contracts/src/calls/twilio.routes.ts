import { z } from 'zod';
import { defineRoute } from '../common/routes';
import { twilioPaths } from './twilio.paths';

const tags = ['calls'];
/** Checked by the handler after the signature, so a forged request learns nothing from a 422. */
const callIdParam = z.object({ callId: z.string().max(200).describe("The call's id") });

/**
 * Twilio's webhooks for the `twilio` voice provider (docs/product.md#calls). Twilio posts
 * form-encoded bodies signed with X-Twilio-Signature; a request without a valid signature gets 403.
 * Answers are TwiML (XML).
 */
export const twilioRoutes = {
  voice: defineRoute({
    ...twilioPaths.voice,
    access: 'public',
    tags,
    summary: "The TwiML app's Voice URL: joins a member's browser to the call's conference",
    description: 'Answers <Dial><Conference> for the caller of a live call, <Reject/> otherwise.',
    answer: 'raw',
  }),
  callStatus: defineRoute({
    ...twilioPaths.callStatus,
    access: 'public',
    tags,
    summary: "Twilio's call progress callback for the model's phone leg",
    params: callIdParam,
    answer: 'raw',
  }),
  conference: defineRoute({
    ...twilioPaths.conference,
    access: 'public',
    tags,
    summary: "Twilio's conference status callback (start, end, join, leave)",
    params: callIdParam,
    answer: 'raw',
  }),
};
