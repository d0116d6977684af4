import {
  billingSecondForMinute,
  CALL_MESSAGES,
  CALL_MIN_BALANCE,
  ErrorCode,
  formatTokens,
  hundredthsToTokens,
  type Call,
  type List,
  type PageQuery,
} from '@cc/contracts';
import type { z } from 'zod';
import type { callChargeSchema, initiatedCallSchema, voiceTokenSchema } from '@cc/contracts';
import { isUniqueViolation } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import type { CallLifecycle, VoiceProvider } from '../../providers/voice';
import type { MemberLookup } from '../accounts';
import type { Ledger } from '../wallet';
import type { SettingsService } from '../system';
import { ringDeadlineFrom, type CallEngine } from './calls.engine';
import { toCallDto, toPartyDto, connectedSeconds } from './calls.presenter';
import { LIVE_STATUSES, type CallRow, type CallsRepository, type NewCall } from './calls.repository';
import type { CallsPush } from './calls.socket';

type Caller = { id: string; name: string; username: string };
type Callee = NonNullable<Awaited<ReturnType<MemberLookup['findCallee']>>>;

/** Twilio ends a call it was told would last longer than this (its `timeLimit` ceiling is 4 h). */
const MAX_CALL_SECONDS = 4 * 60 * 60;

export const CALL_BUSY = {
  model: 'This model is on another call right now. Please try again in a few minutes.',
  caller: 'You are already on a call. End it before starting another.',
};
const NOT_RINGING = 'This call is no longer ringing.';

/** docs/product.md#price-changes: the rate the caller saw is not the rate now; `details.price` says it, in tokens. */
function callRateChanged(rate: number): AppError {
  const tokens = hundredthsToTokens(rate);
  return new AppError(
    409,
    ErrorCode.PRICE_CHANGED,
    `The call rate is now ${formatTokens(tokens)} tokens a minute. Check it and call again.`,
    {
      price: tokens,
    },
  );
}
const CALL_NOT_FOUND = 'That call was not found.';

/**
 * Who may be called (docs/product.md#calls): an approved, active model who is available, with a
 * rate, and — as the spec states it, literally — `phoneVerified` false. Twilio also needs the
 * model's phone to ring.
 */
export function isCallable(model: Callee, provider: VoiceProvider['name']): boolean {
  return (
    model.type === 'model' &&
    model.modelStatus === 'approved' &&
    model.status === 'active' &&
    model.callAvailable &&
    !model.phoneVerified &&
    model.callRate > 0 &&
    (provider !== 'twilio' || Boolean(model.phoneNumber))
  );
}

type CallsDeps = {
  repo: CallsRepository;
  engine: CallEngine;
  ledger: Pick<Ledger, 'balanceOf'>;
  members: Pick<MemberLookup, 'findCallee'>;
  provider: VoiceProvider;
  push: CallsPush;
  /** `call.ringing`: a model with no tab open is rung by browser push (modules/notifications). */
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  settings: Pick<SettingsService, 'cached'>;
};

/** Calls as members use them: placing, answering, ending, paying and listing (docs/product.md#calls). */
export function createCallsService(deps: CallsDeps) {
  return { ...callPlacing(deps), ...partyActions(deps), lifecycle: providerLifecycle(deps) };
}
export type CallsService = ReturnType<typeof createCallsService>;

function callPlacing(deps: CallsDeps) {
  const { repo, engine, provider, now } = deps;

  /** The refusals that come before anything is written: who is called, whether they may be, and the caller's balance. */
  async function checkBeforePlacing(caller: Caller, modelId: string, expectedRate: number | undefined) {
    if (modelId === caller.id) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'You cannot call yourself.');
    const model = await deps.members.findCallee(modelId);
    if (!model) throw notFound('That model was not found.');
    if (!isCallable(model, provider.name)) throw forbidden(CALL_MESSAGES.modelUnavailable);
    if (expectedRate !== undefined && expectedRate !== model.callRate) throw callRateChanged(model.callRate);
    const balance = await deps.ledger.balanceOf(caller.id);
    if (balance < CALL_MIN_BALANCE) {
      const details = { needed: hundredthsToTokens(CALL_MIN_BALANCE), balance: hundredthsToTokens(balance) };
      throw new AppError(402, ErrorCode.INSUFFICIENT_TOKENS, CALL_MESSAGES.needTokens, details);
    }
    // Friendly answers first; the unique indexes below are what holds under a race.
    if (await repo.liveCallOf(caller.id)) throw conflict(CALL_BUSY.caller);
    if (await repo.liveCallOf(model.id)) throw conflict(CALL_BUSY.model);
    return { model, balance };
  }

  /** Writes the call at the model's rate now; a lost race for either party answers as busy. */
  async function writeCall(values: Omit<NewCall, 'rate'>, expectedRate: number | undefined): Promise<CallRow> {
    let written: Awaited<ReturnType<CallsRepository['insertAtCurrentRate']>>;
    try {
      // The rate is the model's as the call is written, never one the caller did not see.
      written = await repo.insertAtCurrentRate(values, expectedRate);
    } catch (error) {
      if (isUniqueViolation(error, 'calls_one_live_per_caller')) throw conflict(CALL_BUSY.caller);
      if (isUniqueViolation(error, 'calls_one_live_per_model')) throw conflict(CALL_BUSY.model);
      throw error;
    }
    if ('rateNow' in written) throw written.rateNow > 0 ? callRateChanged(written.rateNow) : forbidden(CALL_MESSAGES.modelUnavailable);
    return written.call;
  }

  /**
   * Places a call. `expectedRate` (hundredths a minute) is the rate the caller saw, when the client
   * says it: another rate now is refused with 409 and nothing is placed (docs/product.md#price-changes).
   */
  async function initiate({
    caller,
    modelId,
    expectedRate,
  }: {
    caller: Caller;
    modelId: string;
    expectedRate?: number | undefined;
  }): Promise<z.output<typeof initiatedCallSchema>> {
    const { model, balance } = await checkBeforePlacing(caller, modelId, expectedRate);
    // The ring time is the setting when the call is placed; a later change leaves this call alone.
    const ringSeconds = await deps.settings.cached('callRingSeconds');
    const placedAt = now();
    const call = await writeCall(
      {
        callerId: caller.id,
        modelId: model.id,
        status: 'initiated',
        createdAt: placedAt,
        nextChargeAt: ringDeadlineFrom(placedAt, ringSeconds),
      },
      expectedRate,
    );

    let modelCallSid: string | null;
    try {
      ({ callSid: modelCallSid } = await provider.ringModel({
        callId: call.id,
        modelPhone: model.phoneNumber,
        ringSeconds,
        maxSeconds: affordableSeconds(balance, call.rate),
      }));
    } catch {
      await engine.fail(call.id);
      throw new AppError(502, 'VOICE_PROVIDER_ERROR', CALL_MESSAGES.initiateFailed);
    }
    // A provider callback may have moved it already (ringing, even answered): that one stands.
    const ringing = await repo.transition(call.id, ['initiated'], { status: 'ringing', modelCallSid });
    deps.push.incoming(ringing ?? call, caller);
    deps.events.publish('call.ringing', { callId: call.id, callerId: caller.id, modelId: model.id });

    const placed = await repo.findView(call.id);
    return { callId: call.id, callRate: call.rate, status: placed!.call.status, model: toPartyDto(placed!.model) };
  }

  return { initiate };
}

/** What the two parties of a call do with it: look, answer, refuse, hang up, pay. */
function partyActions(deps: CallsDeps) {
  const { repo, engine, provider, now } = deps;

  /** The call, if the viewer is one of its two parties; anyone else learns nothing (404). */
  async function partyCall(viewerId: string, id: string): Promise<CallRow> {
    const call = await repo.findById(id);
    if (!call || (call.callerId !== viewerId && call.modelId !== viewerId)) throw notFound(CALL_NOT_FOUND);
    return call;
  }

  async function view(viewerId: string, id: string): Promise<Call> {
    const found = await repo.findView(id);
    if (!found) throw notFound(CALL_NOT_FOUND);
    return toCallDto(found, viewerId, now());
  }

  async function history(viewerId: string, page: PageQuery): Promise<List<Call>> {
    const { rows, count } = await repo.history({ userId: viewerId, ...page });
    const instant = now();
    return { items: rows.map((row) => toCallDto(row, viewerId, instant)), count };
  }

  async function status(viewerId: string, id: string): Promise<Call> {
    await partyCall(viewerId, id);
    return view(viewerId, id);
  }

  /** The model answers on the softphone. A call past its ring time is missed, not answered. */
  async function accept(viewerId: string, id: string): Promise<Call> {
    const call = await partyCall(viewerId, id);
    if (call.modelId !== viewerId) throw forbidden('Only the model called can answer this call.');
    if (await engine.expireRinging(id, now())) throw conflict(NOT_RINGING);
    if (!(await engine.connect(id))) throw conflict(NOT_RINGING);
    return view(viewerId, id);
  }

  async function decline(viewerId: string, id: string): Promise<Call> {
    const call = await partyCall(viewerId, id);
    if (call.modelId !== viewerId) throw forbidden('Only the model called can decline this call.');
    if (!(await engine.notAnswered(id, 'declined'))) throw conflict(NOT_RINGING);
    return view(viewerId, id);
  }

  /** Either party hangs up; ending a finished call again changes nothing and answers it as it is. */
  async function end(viewerId: string, id: string): Promise<Call> {
    const call = await partyCall(viewerId, id);
    const by = call.callerId === viewerId ? 'caller' : 'model';
    await engine.hangUp(id, by, by === 'caller' ? 'caller-ended' : 'model-ended');
    return view(viewerId, id);
  }

  /** Charges what the server's clock says is due, and answers the caller's tokens used and balance. */
  async function charge(viewerId: string, id: string): Promise<z.output<typeof callChargeSchema>> {
    const call = await partyCall(viewerId, id);
    if (call.callerId !== viewerId) throw forbidden('Only the caller pays for a call.');
    // Most requests come between minutes: those answer from the row just read, without a
    // transaction or a lock (bench/RESULTS.md, the calls section).
    const settled = engine.owesAMinute(call, now()) ? await engine.charge(id) : undefined;
    const current = settled?.call ?? call;
    const answer = {
      callId: current.id,
      status: current.status,
      minutesCharged: current.minutesCharged,
      tokensUsed: current.tokensCharged,
      balance: await deps.ledger.balanceOf(viewerId),
      duration: connectedSeconds(current, now()),
    };
    // docs/product.md#call-billing: a failed charge is how a client learns the tokens ran out ('Token is not
    // enough. Please top-up token'), whether this request or the server's own schedule ended the call.
    if (current.endReason === 'insufficient-tokens') {
      const { balance, tokensUsed } = answer;
      throw new AppError(402, ErrorCode.INSUFFICIENT_TOKENS, CALL_MESSAGES.tokensRanOut, {
        callId: current.id,
        balance: hundredthsToTokens(balance),
        tokensUsed: hundredthsToTokens(tokensUsed),
      });
    }
    return answer;
  }

  async function voiceToken(userId: string): Promise<z.output<typeof voiceTokenSchema>> {
    const device = await provider.deviceToken({ userId });
    return { ...device, provider: provider.name };
  }

  return { history, status, accept, decline, end, charge, voiceToken };
}

/** What a voice provider reports, each a compare-and-set (providers/voice/types.ts). */
function providerLifecycle({ repo, engine }: CallsDeps): CallLifecycle {
  return {
    async callerJoined(callId, callSid) {
      return Boolean(await repo.transition(callId, LIVE_STATUSES, { callSid }));
    },
    async modelRinging(callId, callSid) {
      return Boolean(await repo.transition(callId, ['initiated'], { status: 'ringing', ...(callSid ? { modelCallSid: callSid } : {}) }));
    },
    async connected(callId) {
      return Boolean(await engine.connect(callId));
    },
    async notAnswered(callId, reason) {
      return Boolean(await engine.notAnswered(callId, reason));
    },
    async ended(callId, reason) {
      if (reason === 'failed') return Boolean((await engine.fail(callId))?.moved);
      const by = reason === 'caller-ended' ? 'caller' : 'model';
      return Boolean((await engine.hangUp(callId, by, reason))?.moved);
    },
    async failed(callId) {
      return Boolean((await engine.fail(callId))?.moved);
    },
    async mayJoin(callId, userId) {
      const call = await repo.findById(callId);
      return Boolean(call && call.callerId === userId && engine.isLive(call));
    },
  };
}

/** How long the caller's balance lets a call last: until the first minute they could not pay falls due. */
function affordableSeconds(balance: number, rate: number): number {
  const minutes = Math.floor(balance / rate);
  return Math.min(MAX_CALL_SECONDS, billingSecondForMinute(minutes + 1));
}
