import type { ClientRequestArgs } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { PushMessage } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushSubscriptionsRepository, StoredPushSubscription } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

export type PushOptions = {
  /** How long the push service keeps a message for a browser that is off (seconds). */
  ttlSeconds?: number;
  /** RFC 8030 urgency: 'high' for a ringing call. */
  urgency?: 'normal' | 'high';
};

type SenderDeps = {
  repo: PushSubscriptionsRepository;
  keys: VapidKeys;
  /** The VAPID subject (`mailto:` or `https:`), asked at each send: it may follow a site setting. */
  subject: () => Promise<string>;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

const DEFAULT_TTL_SECONDS = 60 * 60;
/** A push service may refuse a payload over 4 kB; a notification's text is cut well before that. */
const MAX_BODY = 1_000;
const MAX_TITLE = 120;
const SEND_TIMEOUT_MS = 10_000;

/**
 * http endpoints are accepted only on loopback hosts outside production (a local push service);
 * web-push speaks https only, so this agent hands it a plain TCP socket for them.
 */
class LoopbackPlainAgent extends https.Agent {
  override createConnection(options: ClientRequestArgs) {
    return net.connect({ host: options.hostname ?? options.host ?? '127.0.0.1', port: Number(options.port) });
  }
}
const loopbackAgent = new LoopbackPlainAgent();

/**
 * Sends a push message to every browser a member subscribed (Web Push, with web-push: VAPID
 * signed, aes128gcm encrypted). A subscription the push service says is gone (404, 410) is dropped;
 * other failures are logged with the push service's origin only (an endpoint's path is its secret).
 * Never rejects: the caller's work is done whatever happens here.
 */
export function createPushSender(deps: SenderDeps) {
  async function sendOne(subscription: StoredPushSubscription, payload: string, options: Required<PushOptions>, subject: string) {
    const endpoint = new URL(subscription.endpoint);
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          timeout: SEND_TIMEOUT_MS,
          ...(endpoint.protocol === 'http:' ? { agent: loopbackAgent } : {}),
        },
      );
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return deps.repo.drop(subscription.id);
      const reason = status ?? (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.name : 'unknown');
      deps.log.warn({ pushService: endpoint.origin, reason }, 'push message not delivered');
    }
  }

  async function sendPush(userId: string, message: PushMessage, options: PushOptions = {}): Promise<void> {
    try {
      const subscriptions = await deps.repo.listFor(userId);
      if (subscriptions.length === 0) return;
      const subject = await deps.subject();
      const payload = JSON.stringify({ ...message, title: cut(message.title, MAX_TITLE), body: cut(message.body, MAX_BODY) });
      const filled = { ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS, urgency: options.urgency ?? 'normal' };
      await Promise.all(subscriptions.map((subscription) => sendOne(subscription, payload, filled, subject)));
    } catch (error) {
      deps.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'push messages not sent');
    }
  }

  return { sendPush };
}
export type PushSender = ReturnType<typeof createPushSender>;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
