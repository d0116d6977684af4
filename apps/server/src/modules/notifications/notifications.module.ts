import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createNotificationsRepository } from './notifications.repository';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createNotificationsPush } from './notifications.socket';
import { subscribeNotificationTriggers } from './notifications.triggers';
import { createNotifier } from './notifier.service';

/** Notifications: what members are told about, counted exactly and pushed live. */
export async function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, presence } = ctx;
  const repo = createNotificationsRepository(db);
  const push = createNotificationsPush(ctx.io);
  const notifier = createNotifier({ repo, push });

  const service = createNotificationsService({ repo, push });
  registerNotificationRoutes(app, service);

  const unsubscribe = subscribeNotificationTriggers({ events, presence, repo, notifier });
  const unsubscribeReads = events.subscribe('conversation.read', ({ readerId, conversationId }) =>
    service.markConversationRead(readerId, conversationId),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeReads();
  });
}
