import { z } from 'zod';
import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { notificationListQuerySchema, notificationSchema, readAllResultSchema } from './notifications';

const tags = ['notifications'];

/** A member's own notifications (docs/product.md#notifications). Each route acts only on the caller's own. */
export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/notifications',
    access: 'member',
    tags,
    summary: 'My notifications, newest first (count is the total)',
    query: notificationListQuerySchema,
    answer: listOf(notificationSchema),
  }),
  unreadList: defineRoute({
    method: 'GET',
    path: '/notifications/unread/list',
    access: 'member',
    tags,
    summary: 'My unread notifications, newest first (count is the total unread)',
    query: notificationListQuerySchema,
    answer: listOf(notificationSchema),
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/notifications/unread/count',
    access: 'member',
    tags,
    summary: 'How many of my notifications are unread',
    answer: z.object({ count: z.number().int().nonnegative() }),
  }),
  readAll: defineRoute({
    method: 'PUT',
    path: '/notifications/read/all',
    access: 'member',
    tags,
    summary: 'Mark all my notifications read',
    description: 'Takes no body; whatever body a client sends is ignored.',
    answer: readAllResultSchema,
  }),
  read: defineRoute({
    method: 'PUT',
    path: '/notifications/read/:id',
    access: 'member',
    tags,
    summary: 'Mark one of my notifications read',
    description: 'Takes no body; whatever body a client sends is ignored.',
    params: idParamSchema,
    answer: notificationSchema,
  }),
};
