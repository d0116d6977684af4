import type { Notification, NotificationType } from '@cc/contracts';
import { perTurnBatch } from '../../platform/turn-batch';
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
export function createNotifier({
  repo,
  push,
  created: afterCreated,
}: {
  repo: Pick<NotificationsRepository, 'create' | 'createMany'>;
  push: NotificationsPush;
  /** Told of each notification created, after its tabs were (browser push for an away member); must not throw. */
  created?: (userId: string, notification: Notification) => void;
}) {
  // Notifications that arrive together (one turn, or while a group is being written) are written by
  // one statement, one group at a time (platform/turn-batch.ts): a model tipped by many members at
  // once then has her counter moved once per group, not once each. A group that fails is asked
  // again one by one (null: not created; no answer: ask alone).
  const createTogether = perTurnBatch(
    async (inputs: NotifyInput[]) => {
      try {
        const created = await repo.createMany(inputs);
        return new Map(inputs.map((input, index) => [input, created[index] ?? null]));
      } catch (error) {
        if (inputs.length === 1) throw error;
        return new Map<NotifyInput, null>();
      }
    },
    { callsAtOnce: 1 },
  );

  /** True when a notification was created; false when its cause had already notified (or was folded). */
  async function notify(input: NotifyInput): Promise<boolean> {
    const asked = { ...input };
    const grouped = await createTogether(asked);
    const created = grouped === undefined ? await repo.create(input) : grouped;
    if (!created) return false;
    const notification = toNotificationDto(created.value);
    push.created(input.userId, notification, created.unread);
    afterCreated?.(input.userId, notification);
    return true;
  }

  return { notify };
}
export type Notifier = ReturnType<typeof createNotifier>;
