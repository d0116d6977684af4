import type { List, Notification, PageQuery } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { NotificationsRepository } from './notifications.repository';
import { toNotificationDto } from './notifications.presenter';
import type { NotificationsPush } from './notifications.socket';

/** A member's own notifications: listing, counting and marking read. Nobody sees another's. */
export function createNotificationsService({ db, repo, push }: { db: Db; repo: NotificationsRepository; push: NotificationsPush }) {
  async function list(userId: string, page: PageQuery, unreadOnly = false): Promise<List<Notification>> {
    const { rows, count } = await repo.listForMember({ userId, unreadOnly, ...page });
    return { items: rows.map(toNotificationDto), count };
  }

  async function markRead(userId: string, id: string): Promise<Notification> {
    const result = await db.transaction(async (tx) => {
      await repo.lockMember(userId, tx);
      const changed = await repo.markRead(id, userId, tx);
      const listed = await repo.findForMember(id, userId, tx);
      if (!listed) throw notFound('That notification was not found.');
      return { listed, changed, unreadCount: await repo.countUnread(userId, tx) };
    });
    // Reading one already read changes nothing another tab needs to hear about.
    if (result.changed) push.read(userId, [id], result.unreadCount);
    return toNotificationDto(result.listed);
  }

  /**
   * Reading a conversation answers its "sent you a message" notification: the bell should not keep
   * counting what the member has just read.
   */
  async function markConversationRead(userId: string, conversationId: string): Promise<void> {
    const result = await db.transaction(async (tx) => {
      await repo.lockMember(userId, tx);
      const ids = await repo.markReadByLink({ userId, type: 'message', link: `/messages/${conversationId}` }, tx);
      return { ids, unreadCount: ids.length > 0 ? await repo.countUnread(userId, tx) : 0 };
    });
    if (result.ids.length > 0) push.read(userId, result.ids, result.unreadCount);
  }

  async function markAllRead(userId: string): Promise<{ updated: number; count: 0 }> {
    const updated = await db.transaction(async (tx) => {
      await repo.lockMember(userId, tx);
      return repo.markAllRead(userId, tx);
    });
    push.read(userId, 'all', 0);
    return { updated, count: 0 };
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
