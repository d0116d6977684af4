import { notificationPath, type Notification, type NotificationType, type PushMessage } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import type { SettingsService } from '../system';
import type { NotificationsRepository } from './notifications.repository';
import type { PushSender } from './push-sender';

/** The headline of each kind's push message; its body is the notification's sentence. */
const TITLES: Record<NotificationType, string> = {
  message: 'New message',
  contact: 'New contact',
  tip: 'New tip',
  token_purchase: 'Tokens added',
  refund: 'Refund',
  model_approved: 'Profile approved',
  model_refused: 'Verification refused',
  item_sold: 'Item sold',
  payout: 'Payout update',
  call: 'Missed call',
};

export function pushMessageOf(notification: Notification): PushMessage {
  return {
    title: TITLES[notification.type],
    body: notification.text,
    // Where the web app opens it; a notification with no page of its own opens the inbox.
    url: notificationPath(notification) ?? '/notifications',
    // One message per conversation on the screen; every other notification its own.
    tag: notification.type === 'message' && notification.link ? `message:${notification.link}` : `notification:${notification._id}`,
  };
}

type PushTriggerDeps = {
  events: EventBus;
  presence: Pick<Presence, 'onlineAmong'>;
  repo: Pick<NotificationsRepository, 'findMember'>;
  settings: Pick<SettingsService, 'cached'>;
  sender: PushSender;
  warn: (message: string, error: unknown) => void;
};

/**
 * Browser push for members with no tab open (no live socket on any node): each new notification,
 * and a call ringing for a model. A member with a tab open is told there, as before.
 */
export function createPushTriggers({ events, presence, repo, settings, sender, warn }: PushTriggerDeps) {
  const away = async (userId: string) => (await presence.onlineAmong([userId])).size === 0;

  /** Called by the notifier for each notification it created; never throws into it. */
  function notificationCreated(userId: string, notification: Notification): void {
    void away(userId)
      .then((isAway) => (isAway ? sender.sendPush(userId, pushMessageOf(notification)) : undefined))
      .catch((error: unknown) => warn('push for a notification not sent', error));
  }

  const unsubscribe = events.subscribe('call.ringing', async ({ callId, callerId, modelId }) => {
    if (!(await away(modelId))) return;
    const caller = await repo.findMember(callerId);
    if (!caller) return;
    // A ring unanswered in time is over: the push service need not keep it longer than that.
    const ttlSeconds = await settings.cached('callRingSeconds');
    await sender.sendPush(
      modelId,
      { title: `Incoming call from ${caller.name}`, body: 'Open the site to answer.', url: '/calls', tag: `call:${callId}` },
      { urgency: 'high', ttlSeconds },
    );
  });

  return { notificationCreated, unsubscribe };
}
