import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createNotificationsRepository } from './notifications.repository';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createNotificationsPush } from './notifications.socket';
import { subscribeNotificationTriggers } from './notifications.triggers';
import { createNotifier } from './notifier.service';
import { createPushSender } from './push-sender';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';
import { registerPushRoutes } from './push.routes';
import { createPushTriggers } from './push.triggers';
import { loadVapidKeys } from './vapid-keys';

/** Notifications: what members are told about, counted exactly and pushed live (and to closed tabs, by browser push). */
export async function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, presence } = ctx;
  const repo = createNotificationsRepository(db);
  const webPush = browserPush(app, ctx, repo);
  const push = createNotificationsPush(ctx.io);
  const notifier = createNotifier({ repo, push, created: webPush.notificationCreated });

  const service = createNotificationsService({ repo, push });
  registerNotificationRoutes(app, service);

  const unsubscribe = subscribeNotificationTriggers({ events, presence, repo, notifier });
  const unsubscribeReads = events.subscribe('conversation.read', ({ readerId, conversationId }) =>
    service.markConversationRead(readerId, conversationId),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeReads();
    webPush.unsubscribe();
  });
}

/** Web Push: the VAPID keys, the subscription routes, the sender and what triggers it. */
function browserPush(app: FastifyInstance, ctx: AppContext, repo: ReturnType<typeof createNotificationsRepository>) {
  const keys = loadVapidKeys(ctx.config);
  const subscriptions = createPushSubscriptionsRepository(ctx.db);
  registerPushRoutes(app, { repo: subscriptions, publicKey: keys.publicKey, allowLoopbackHttp: ctx.config.env !== 'production' });
  const subject = async () => {
    if (ctx.config.push.subject) return ctx.config.push.subject;
    const contact = await ctx.settings.cached('contactEmail');
    return `mailto:${contact || 'admin@localhost'}`;
  };
  const sender = createPushSender({ repo: subscriptions, keys, subject, log: ctx.log });
  const warn = (message: string, error: unknown) => ctx.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, message);
  return createPushTriggers({ events: ctx.events, presence: ctx.presence, repo, settings: ctx.settings, sender, warn });
}
