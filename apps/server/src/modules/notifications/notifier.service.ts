import type { NotificationType } from '@cc/contracts';
import type { Db } from '../../platform/db';
import type { NotificationsRepository } from './notifications.repository';
import { toNotificationDto } from './notifications.presenter';
import type { NotificationsPush } from './notifications.socket';

export type NotifyInput = {
  userId: string;
  type: NotificationType;
  text: string;
  link: string | null;
  /** Words the actor wrote (a tip's note), kept as plain text; none when absent. */
  note?: string | null;
  actorId: string | null;
  /** What caused it (`tip:<transactionId>`): the same cause never notifies the same member twice. */
  sourceKey: string;
  /**
   * Skip when the member still has an unread notification of this type with this link (one per
   * conversation until read, rather than one per message).
   */
  unlessUnreadWithSameLink?: boolean;
};

/** Creates notifications and pushes each new one, with the exact unread count, to its member's tabs. */
export function createNotifier({ db, repo, push }: { db: Db; repo: NotificationsRepository; push: NotificationsPush }) {
  /** True when a notification was created; false when its cause had already notified (or was folded). */
  async function notify(input: NotifyInput): Promise<boolean> {
    const { unlessUnreadWithSameLink, ...values } = input;
    const created = await db.transaction(async (tx) => {
      await repo.lockMember(values.userId, tx);
      if (
        unlessUnreadWithSameLink &&
        values.link &&
        (await repo.hasUnread({ userId: values.userId, type: values.type, link: values.link }, tx))
      )
        return null;
      const row = await repo.insert(values, tx);
      if (!row) return null;
      const listed = await repo.findForMember(row.id, values.userId, tx);
      return { notification: toNotificationDto(listed!), unreadCount: await repo.countUnread(values.userId, tx) };
    });
    if (!created) return false;
    push.created(values.userId, created.notification, created.unreadCount);
    return true;
  }

  return { notify };
}
export type Notifier = ReturnType<typeof createNotifier>;
