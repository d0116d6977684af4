import {
  dataOf,
  errorBodySchema,
  idParamSchema,
  listOf,
  notificationListQuerySchema,
  notificationSchema,
  readAllResultSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../platform/auth';
import type { NotificationsService } from './notifications.service';

const errors = { '4xx': errorBodySchema };
const bearer = [{ bearer: [] }];
const tags = ['notifications'];

/** Thin handlers: each acts only on the caller's own notifications. */
export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest so a signed-out caller gets 401 before any input is read.
  const signedIn = { onRequest: app.requireUser };

  api.get(
    '/notifications',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'My notifications, newest first (count is the total)',
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: dataOf(listOf(notificationSchema)), ...errors },
      },
    },
    async (request) => ({ data: await notifications.list(currentAuth(request).user.id, request.query) }),
  );

  api.get(
    '/notifications/unread/list',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'My unread notifications, newest first (count is the total unread)',
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: dataOf(listOf(notificationSchema)), ...errors },
      },
    },
    async (request) => ({ data: await notifications.listUnread(currentAuth(request).user.id, request.query) }),
  );

  api.get(
    '/notifications/unread/count',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        security: bearer,
        response: { 200: dataOf(z.object({ count: z.number().int().nonnegative() })), ...errors },
      },
    },
    async (request) => ({ data: { count: await notifications.unreadCount(currentAuth(request).user.id) } }),
  );

  // Registered before '/read/:id' for readers; Fastify prefers the static path either way.
  api.put(
    '/notifications/read/all',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        security: bearer,
        response: { 200: dataOf(readAllResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await notifications.markAllRead(currentAuth(request).user.id) }),
  );

  api.put(
    '/notifications/read/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        security: bearer,
        params: idParamSchema,
        response: { 200: dataOf(notificationSchema), ...errors },
      },
    },
    async (request) => ({ data: await notifications.markRead(currentAuth(request).user.id, request.params.id) }),
  );
}
