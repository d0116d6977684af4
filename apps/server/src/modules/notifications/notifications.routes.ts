import { notificationRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { currentAuth } from '../../platform/auth';
import { mountRoute } from '../../platform/routes';
import type { NotificationsService } from './notifications.service';

/** Thin handlers: the route table parses and guards; each acts only on the caller's own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationsService) {
  const memberOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  mountRoute(app, routes.list, async (request) => notifications.list(memberOf(request), request.query));

  mountRoute(app, routes.unreadList, async (request) => notifications.listUnread(memberOf(request), request.query));

  mountRoute(app, routes.unreadCount, async (request) => ({ count: await notifications.unreadCount(memberOf(request)) }));

  // Fastify prefers the static '/read/all' over '/read/:id' whatever the order.
  mountRoute(app, routes.readAll, async (request) => notifications.markAllRead(memberOf(request)));

  mountRoute(app, routes.read, async (request) => notifications.markRead(memberOf(request), request.params.id));
}
