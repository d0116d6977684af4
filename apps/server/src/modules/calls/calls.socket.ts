import type { CallEndReason } from '@cc/contracts';
import type { AppContext } from '../../app-context';
import { emitToUser, onClientEvent, type Io } from '../../platform/socket';
import type { CallRow, CallsRepository } from './calls.repository';

/** Statuses during which the two browsers may negotiate their WebRTC link. */
const SIGNALLING_STATUSES = new Set(['ringing', 'connected']);

const partiesOf = (call: Pick<CallRow, 'callerId' | 'modelId'>) => [call.callerId, call.modelId];

/** Tells a call's two parties — and nobody else — what happened to it (docs/product.md#calls). */
export function createCallsPush(io: () => Io) {
  return {
    incoming(call: CallRow, fromUser: { id: string; name: string; username: string }) {
      emitToUser(io(), call.modelId, 'call:incoming', {
        callId: call.id,
        fromUser: { _id: fromUser.id, name: fromUser.name, username: fromUser.username },
        callRate: call.rate,
      });
    },
    connected(call: CallRow) {
      emitToUser(io(), partiesOf(call), 'call:connected', { callId: call.id, connectedAt: call.connectedAt!.toISOString() });
    },
    declined(call: CallRow, reason: 'declined' | 'no-answer') {
      emitToUser(io(), partiesOf(call), 'call:declined', { callId: call.id, reason });
    },
    ended(call: CallRow, duration: number, reason: CallEndReason) {
      emitToUser(io(), partiesOf(call), 'call:ended', { callId: call.id, duration, finalTokens: call.tokensCharged, reason });
    },
    charged(call: CallRow) {
      emitToUser(io(), partiesOf(call), 'call:charged', {
        callId: call.id,
        minutesCharged: call.minutesCharged,
        tokensUsed: call.tokensCharged,
      });
    },
  };
}
export type CallsPush = ReturnType<typeof createCallsPush>;

/**
 * WebRTC signalling for the local provider: an offer, answer or candidate goes to the other party
 * of the call only, only while it rings or is connected, and only from one of its two parties.
 * Anything else is dropped without an answer, like every courtesy event (platform/socket.ts).
 */
export function registerCallSignalling(deps: {
  io: () => Io;
  onSocketConnection: AppContext['onSocketConnection'];
  calls: Pick<CallsRepository, 'findById'>;
  warn: (message: string, error: unknown) => void;
}) {
  deps.onSocketConnection((socket) => {
    onClientEvent(socket, 'call:signal', ({ callId, signal }) => {
      const senderId = socket.data.userId;
      deps.calls
        .findById(callId)
        .then((call) => {
          if (!call || !SIGNALLING_STATUSES.has(call.status)) return;
          if (senderId !== call.callerId && senderId !== call.modelId) return;
          const otherId = senderId === call.callerId ? call.modelId : call.callerId;
          emitToUser(deps.io(), otherId, 'call:signal', { callId, signal });
        })
        .catch((error: unknown) => deps.warn('call signal not relayed', error));
    });
  });
}
