import { z } from 'zod';
import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { notificationListQuerySchema, notificationSchema, readAllResultSchema } from './notifications';
import { notificationPaths } from './notifications.paths';

const tags = ['notifications'];

/** A member's own notifications (docs/product.md#notifications). Each route acts only on the caller's own. */
export const notificationRoutes = {
  list: defineRoute({
    ...notificationPaths.list,
    access: 'member',
    tags,
    summary: 'My notifications, newest first (count is the total)',
    query: notificationListQuerySchema,
    answer: listOf(notificationSchema),
  }),
  unreadList: defineRoute({
    ...notificationPaths.unreadList,
    access: 'member',
    tags,
    summary: 'My unread notifications, newest first (count is the total unread)',
    query: notificationListQuerySchema,
    answer: listOf(notificationSchema),
  }),
  unreadCount: defineRoute({
    ...notificationPaths.unreadCount,
    access: 'member',
    tags,
    summary: 'How many of my notifications are unread',
    answer: z.object({ count: z.number().int().nonnegative() }),
  }),
  readAll: defineRoute({
    ...notificationPaths.readAll,
    access: 'member',
    tags,
    summary: 'Mark all my notifications read',
    description: 'Takes no body; whatever body a client sends is ignored.',
    answer: readAllResultSchema,
  }),
  read: defineRoute({
    ...notificationPaths.read,
    access: 'member',
    tags,
    summary: 'Mark one of my notifications read',
    description: 'Takes no body; whatever body a client sends is ignored.',
    params: idParamSchema,
    answer: notificationSchema,
  }),
};
