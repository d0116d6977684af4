import { toast } from 'sonner';
import { incomingCallToast } from '@cc/contracts';
import { ringContext, turnRingingOn } from './ringSound';

/**
 * The model's softphone rings (docs/product.md#call-modal): a short two-tone ring from WebAudio, on
 * the page's ring context (live/ringSound.ts), repeated until the returned function stops it. A
 * browser that blocks sound before any click still shows the toast, the modal and a browser
 * notification, and the page says the sound is off (RingSoundNotice) until a click turns it on.
 */
export function startRinging(): () => void {
  const context = ringContext();
  if (!context) return () => undefined;
  // Allowed only if the person has interacted with the page; otherwise RingSoundNotice asks for a click.
  turnRingingOn();
  const ringOnce = () => {
    const now = context.currentTime;
    // Two short bursts of 440 Hz + 480 Hz, like a phone's ring.
    for (const start of [0, 0.5]) {
      const gain = context.createGain();
      gain.gain.setValueAtTime(0, now + start);
      gain.gain.linearRampToValueAtTime(0.12, now + start + 0.02);
      gain.gain.setValueAtTime(0.12, now + start + 0.35);
      gain.gain.linearRampToValueAtTime(0, now + start + 0.4);
      gain.connect(context.destination);
      for (const frequency of [440, 480]) {
        const tone = context.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(now + start);
        tone.stop(now + start + 0.42);
      }
    }
  };
  ringOnce();
  const timer = window.setInterval(ringOnce, 3000);
  // The context stays: it is the page's, and one resumed by a click must not be lost to the next call.
  return () => window.clearInterval(timer);
}

/** A browser notification for an incoming call, if the person permitted them. */
function notifyIncomingCall(text: string): (() => void) | undefined {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return undefined;
  try {
    const notification = new Notification('Incoming Call', { body: text, tag: 'incoming-call' });
    notification.onclick = () => window.focus();
    return () => notification.close();
  } catch {
    return undefined;
  }
}

const incomingToastId = (callId: string) => `incoming-${callId}`;
/** Closers of the browser notifications still showing, by call. */
const openNotifications = new Map<string, () => void>();

/**
 * Tells the model her phone rings, wherever she is in the app: the spec's toast
 * ('Incoming Call: {name} is calling your phone. …', docs/product.md#call-modal) and a browser notification.
 */
export function announceIncomingCall(callId: string, callerName: string) {
  const text = incomingCallToast(callerName);
  toast.info(text, { id: incomingToastId(callId) });
  const close = notifyIncomingCall(text);
  if (close) openNotifications.set(callId, close);
}

/**
 * The call left the ringing stage (accepted, declined, cancelled, missed): the toast and the
 * notification about a ringing phone would now be wrong, so both go.
 */
export function dismissIncomingCall(callId: string) {
  toast.dismiss(incomingToastId(callId));
  openNotifications.get(callId)?.();
  openNotifications.delete(callId);
}
