import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Notification } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { useMarkNotificationReadMutation } from '../api/notificationsApi';

/** Opening a notification marks it read (at once on screen; undone if the server refuses). */
export function useOpenNotification() {
  const [markRead] = useMarkNotificationReadMutation();
  return useCallback(
    (notification: Notification) => {
      if (notification.read) return;
      markRead(notification._id)
        .unwrap()
        .catch((error: unknown) => toast.error(errorMessage(error)));
    },
    [markRead],
  );
}
