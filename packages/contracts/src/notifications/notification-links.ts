import type { Notification } from './notifications';

/** A notification's link when it stays inside the app (a path), otherwise null. */
export function internalPath(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  return link;
}

/**
 * Where opening a notification goes, in the web app and from a browser push: its own link, or for
 * a call (a missed one) the call history.
 */
export function notificationPath(notification: Pick<Notification, 'type' | 'link'>): string | null {
  return internalPath(notification.link) ?? (notification.type === 'call' ? '/calls' : null);
}
