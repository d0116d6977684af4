import type { CallSignal } from '@cc/contracts';
import { getSocket } from '../../../shared/socket/socketClient';
import type { SignalChannel } from './types';

/**
 * 'call:signal' messages arrive on the one socket whenever the other browser sends them, which can
 * be before this page's voice link exists (the caller's offer racing the model's microphone
 * prompt). The global listener drops them here; a link takes them, oldest first.
 */
const waiting = new Map<string, CallSignal[]>();
const listeners = new Map<string, (signal: CallSignal) => void>();

export function receiveSignal(callId: string, signal: CallSignal) {
  const listener = listeners.get(callId);
  if (listener) {
    listener(signal);
    return;
  }
  const queue = waiting.get(callId) ?? [];
  queue.push(signal);
  waiting.set(callId, queue);
}

/** Forgets every call but `keep` (the open one, if any). */
export function dropSignals(keep: string | null = null) {
  for (const callId of [...waiting.keys()]) if (callId !== keep) waiting.delete(callId);
}

/** The signalling channel of one call over the socket. */
export function socketSignals(callId: string): SignalChannel {
  return {
    send: (signal) => {
      getSocket()?.emit('call:signal', { callId, signal });
    },
    listen: (onSignal) => {
      listeners.set(callId, onSignal);
      const queued = waiting.get(callId) ?? [];
      waiting.delete(callId);
      for (const signal of queued) onSignal(signal);
      return () => {
        if (listeners.get(callId) === onSignal) listeners.delete(callId);
      };
    },
  };
}
