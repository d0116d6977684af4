import type { Notification } from '@cc/contracts';
import { emitToUser, type Io } from '../../platform/socket';

/**
 * Tells every tab of a member about their notifications. Called after commit; each payload carries
 * the unread count moved by the same statement as the change, so the bell never has to guess.
 */
export function createNotificationsPush(io: () => Io) {
  return {
    created(userId: string, notification: Notification, unreadCount: number) {
      emitToUser(io(), userId, 'notification:created', { notification, unreadCount });
    },
    read(userId: string, ids: string[] | 'all', unreadCount: number) {
      emitToUser(io(), userId, 'notification:read', { ids, unreadCount });
    },
  };
}
export type NotificationsPush = ReturnType<typeof createNotificationsPush>;
