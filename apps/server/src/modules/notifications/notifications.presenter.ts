import type { Notification } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import type { ListedNotification } from './notifications.repository';

/** The notification as its owner sees it: an explicit allow-list (no owner id, no source key). */
export function toNotificationDto({ notification, actor }: ListedNotification): Notification {
  return {
    _id: notification.id,
    type: notification.type,
    text: notification.text,
    link: notification.link,
    note: notification.note,
    actor: actor
      ? {
          _id: actor.id,
          username: actor.username,
          name: actor.name,
          avatarUrl:
            actor.avatarFileId && actor.avatarFileName ? fileUrl({ id: actor.avatarFileId, fileName: actor.avatarFileName }) : null,
        }
      : null,
    read: notification.read,
    createdAt: notification.createdAt.toISOString(),
  };
}
