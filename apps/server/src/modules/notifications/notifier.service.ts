import type { NotificationType } from '@cc/contracts';
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
};

/**
 * Creates notifications and pushes each new one, with the exact unread count, to its member's tabs.
 * A message notification is skipped while the member still has an unread one for the same
 * conversation (its link): one per conversation until read, rather than one per message.
 */
export function createNotifier({ repo, push }: { repo: Pick<NotificationsRepository, 'create'>; push: NotificationsPush }) {
  /** True when a notification was created; false when its cause had already notified (or was folded). */
  async function notify(input: NotifyInput): Promise<boolean> {
    const created = await repo.create(input);
    if (!created) return false;
    push.created(input.userId, toNotificationDto(created.value), created.unread);
    return true;
  }

  return { notify };
}
export type Notifier = ReturnType<typeof createNotifier>;
