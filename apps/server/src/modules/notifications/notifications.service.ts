import type { List, Notification, PageQuery } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import type { NotificationsRepository } from './notifications.repository';
import { toNotificationDto } from './notifications.presenter';
import type { NotificationsPush } from './notifications.socket';

/** A member's own notifications: listing, counting and marking read. Nobody sees another's. */
export function createNotificationsService({ repo, push }: { repo: NotificationsRepository; push: NotificationsPush }) {
  async function list(userId: string, page: PageQuery, unreadOnly = false): Promise<List<Notification>> {
    const { rows, count } = await repo.listForMember({ userId, unreadOnly, ...page });
    return { items: rows.map(toNotificationDto), count };
  }

  async function markRead(userId: string, id: string): Promise<Notification> {
    const result = await repo.markRead(id, userId);
    if (!result) throw notFound('That notification was not found.');
    // Reading one already read changes nothing another tab needs to hear about.
    if (result.changed) push.read(userId, [id], result.unread);
    return toNotificationDto(result.value);
  }

  /**
   * Reading a conversation answers its "sent you a message" notification: the bell should not keep
   * counting what the member has just read.
   */
  async function markConversationRead(userId: string, conversationId: string): Promise<void> {
    const { value: ids, unread } = await repo.markReadByLink({ userId, type: 'message', link: `/messages/${conversationId}` });
    if (ids.length > 0) push.read(userId, ids, unread);
  }

  async function markAllRead(userId: string): Promise<{ updated: number; count: 0 }> {
    const { value: ids, unread } = await repo.markAllRead(userId);
    // The count after: 0 unless a notification arrived meanwhile (it stays unread).
    push.read(userId, 'all', unread);
    return { updated: ids.length, count: 0 };
  }

  return {
    list: (userId: string, page: PageQuery) => list(userId, page),
    listUnread: (userId: string, page: PageQuery) => list(userId, page, true),
    unreadCount: (userId: string) => repo.countUnread(userId),
    markRead,
    markConversationRead,
    markAllRead,
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
