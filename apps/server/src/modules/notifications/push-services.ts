/**
 * The push services browsers subscribe with: Chrome, Opera, Brave and Samsung Internet through
 * FCM, Firefox through Mozilla's, Safari through Apple's, Edge through Windows'. The server posts
 * only to these, so a member cannot aim its requests at another host (an internal address, a
 * site of theirs). Outside production a loopback push service is allowed too (the tests' own).
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_DOMAINS = ['.push.apple.com', '.notify.windows.com'];
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

export function isPushService(endpoint: string, { allowLoopback }: { allowLoopback: boolean }): boolean {
  const url = new URL(endpoint);
  if (LOOPBACK_HOSTS.includes(url.hostname)) return allowLoopback;
  if (url.protocol !== 'https:') return false;
  return PUSH_SERVICE_HOSTS.includes(url.hostname) || PUSH_SERVICE_DOMAINS.some((domain) => url.hostname.endsWith(domain));
}
