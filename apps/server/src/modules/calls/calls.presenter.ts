import type { AdminCallRow, Call } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import type { AdminCallView, CallRow, CallView, PartyRow } from './calls.repository';

/** Explicit allow-lists: the model's phone, the provider's model leg and the away marks never leave the server. */

const toParty = (party: PartyRow) => ({
  _id: party.id,
  name: party.name,
  username: party.username,
  avatarUrl: party.avatar ? fileUrl(party.avatar) : null,
});

/**
 * Seconds of connected time: to the end for a finished call, to `now` for one still connected,
 * 0 for a call never answered (docs/product.md#call-billing).
 */
export function connectedSeconds(call: Pick<CallRow, 'connectedAt' | 'endedAt'>, now: Date): number {
  if (!call.connectedAt) return 0;
  const until = call.endedAt ?? now;
  return Math.max(0, Math.floor((until.getTime() - call.connectedAt.getTime()) / 1000));
}

export function toCallDto({ call, caller, model }: CallView, viewerId: string, now: Date): Call {
  const outgoing = call.callerId === viewerId;
  return {
    _id: call.id,
    callId: call.id,
    status: call.status,
    direction: outgoing ? 'outgoing' : 'incoming',
    caller: toParty(caller),
    model: toParty(model),
    otherParty: toParty(outgoing ? model : caller),
    callRate: call.rate,
    callSid: call.callSid,
    createdAt: call.createdAt.toISOString(),
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    duration: connectedSeconds(call, now),
    minutesCharged: call.minutesCharged,
    tokensUsed: call.tokensCharged,
    endReason: call.endReason,
  };
}

export const toPartyDto = toParty;

/** A call as administrators list it; amounts stay in hundredths until the answer schema encodes them. */
export function toAdminCallRow({ call, caller, model }: AdminCallView, now: Date): AdminCallRow {
  const party = (p: AdminCallView['caller']) => ({ _id: p.id, username: p.username, name: p.name });
  return {
    _id: call.id,
    status: call.status,
    caller: party(caller),
    model: party(model),
    rate: call.rate,
    createdAt: call.createdAt.toISOString(),
    connectedAt: call.connectedAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    endReason: call.endReason,
    minutesCharged: call.minutesCharged,
    tokensCharged: call.tokensCharged,
    durationSeconds: call.connectedAt ? connectedSeconds(call, now) : null,
  };
}
