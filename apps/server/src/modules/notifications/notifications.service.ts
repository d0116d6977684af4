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
    markAllRead,
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
