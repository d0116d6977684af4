import { useSyncExternalStore } from 'react';

/**
 * The one audio context the softphone rings on. Browsers start a page's audio suspended until the
 * person has clicked or typed on it ("The AudioContext was not allowed to start"), so a model who
 * turned availability on and then only watched the page would be rung in silence (issue #28). The
 * context is resumed on the gesture that turns availability on, on the first click or key anywhere,
 * and from the "Sound is off" notice (RingSoundNotice), which shows whenever it is still suspended
 * on a page where a call can ring.
 */
export type RingSound = 'on' | 'off' | 'unsupported';

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;
let unsupported = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function audioContextClass(): AudioContextClass | null {
  const scope = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** The page's ring context, made on first use; null where the browser has none. */
export function ringContext(): AudioContext | null {
  if (context || unsupported) return context;
  const Context = audioContextClass();
  try {
    context = Context ? new Context() : null;
  } catch {
    context = null;
  }
  if (!context) {
    unsupported = true;
    return null;
  }
  context.addEventListener('statechange', notify);
  return context;
}

function state(): RingSound {
  const current = ringContext();
  if (!current) return 'unsupported';
  return current.state === 'running' ? 'on' : 'off';
}

/** Lets the ring sound: call it from a click or key handler, the only moment a browser allows it. */
export function turnRingingOn(): void {
  const current = ringContext();
  if (current && current.state !== 'running') void current.resume().catch(() => undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Any click or key on the page is a gesture the browser accepts: the first one turns the sound on.
  if (listeners.size === 1) {
    window.addEventListener('pointerdown', turnRingingOn, true);
    window.addEventListener('keydown', turnRingingOn, true);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('pointerdown', turnRingingOn, true);
      window.removeEventListener('keydown', turnRingingOn, true);
    }
  };
}

/** Whether a ring would be heard now; follows the context as the browser resumes or suspends it. */
export function useRingSound(enabled: boolean): RingSound {
  return useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? state : unsupportedState);
}
const noSubscription = () => () => undefined;
const unsupportedState = (): RingSound => 'unsupported';
