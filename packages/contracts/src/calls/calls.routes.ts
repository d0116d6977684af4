import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  callChargeSchema,
  callHistoryQuerySchema,
  callRateSchema,
  callSchema,
  callSettingsSchema,
  callSettingsUpdateSchema,
  initiateCallSchema,
  initiatedCallSchema,
  voiceTokenSchema,
} from './calls';
import { callPaths } from './calls.paths';

const tags = ['calls'];
const callId = idParamSchema.describe("The call's id");

/** Paid voice calls (docs/product.md#calls). Every route needs a signed-in member. */
export const callRoutes = {
  initiate: defineRoute({
    ...callPaths.initiate,
    access: 'member',
    tags,
    summary: 'Call a model: answers callId and callRate; the model is rung',
    description:
      'Refused with 402 under 10 tokens, 403 when the model is not callable, 409 when the model or the caller is already on a call. ' +
      '`expectedPrice` (optional, tokens) is the rate per minute the caller saw: a different current rate answers 409 PRICE_CHANGED ' +
      'with `details.price`, and no call is placed.',
    body: initiateCallSchema,
    answer: initiatedCallSchema,
  }),
  status: defineRoute({
    ...callPaths.status,
    access: 'member',
    tags,
    summary: 'One of my calls, as it stands now',
    params: callId,
    answer: callSchema,
  }),
  history: defineRoute({
    ...callPaths.history,
    access: 'member',
    tags,
    summary: 'My calls, both directions, newest first (limit and skip default to 20 and 0)',
    query: callHistoryQuerySchema,
    answer: listOf(callSchema),
  }),
  voiceToken: defineRoute({
    ...callPaths.voiceToken,
    access: 'member',
    tags,
    summary: "A JWT that registers this browser's voice device",
    answer: voiceTokenSchema,
  }),
  charge: defineRoute({
    ...callPaths.charge,
    access: 'member',
    tags,
    summary: "Charge every minute due by the server's clock; answers tokens used and the balance",
    description:
      "Minute 1 is due at 5 s of connected time, minute k at 60·(k−1)+1 s. Each minute is charged once. When a due minute cannot be paid the call ends and this answers 402 'Token is not enough. Please top-up token' (also on later requests for that call).",
    params: callId,
    answer: callChargeSchema,
  }),
  setRate: defineRoute({
    ...callPaths.setRate,
    access: 'member',
    tags,
    summary: 'Set my call rate (models only), in tokens per minute',
    body: callRateSchema,
    answer: callSettingsSchema,
  }),
  settings: defineRoute({
    ...callPaths.settings,
    access: 'member',
    tags,
    summary: 'My call settings (models only)',
    answer: callSettingsSchema,
  }),
  updateSettings: defineRoute({
    ...callPaths.updateSettings,
    access: 'member',
    tags,
    summary: 'Change my call rate or availability (models only)',
    body: callSettingsUpdateSchema,
    answer: callSettingsSchema,
  }),
  accept: defineRoute({
    ...callPaths.accept,
    access: 'member',
    tags,
    summary: 'The model answers a ringing call (the in-app softphone)',
    params: callId,
    answer: callSchema,
  }),
  decline: defineRoute({
    ...callPaths.decline,
    access: 'member',
    tags,
    summary: 'The model declines a ringing call',
    params: callId,
    answer: callSchema,
  }),
  end: defineRoute({
    ...callPaths.end,
    access: 'member',
    tags,
    summary: 'Either party hangs up (the caller cancelling a ringing call too); answers the final call',
    params: callId,
    answer: callSchema,
  }),
};
