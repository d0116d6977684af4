/** What the browser lets the softphone do when a call comes in while the tab is in the background. */
export type NotificationAccess = 'unsupported' | NotificationPermission;

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Asks for browser notifications (only a click may ask) and plays a short test chime, which also
 * lets the page make sound later: browsers keep a page silent until the person has interacted with it.
 */
export async function allowNotificationsAndSound(): Promise<NotificationAccess> {
  playTestChime();
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

function playTestChime() {
  const AudioContextClass = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.0001, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.onended = () => void audio.close();
  } catch {
    // No sound device: the visual ring and the notification still work.
  }
}
