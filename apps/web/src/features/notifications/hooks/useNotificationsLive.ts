import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { notificationPath, type ServerToClientEvents } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import { onResyncNeeded, useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { notificationCreated, notificationsApi, notificationsRead } from '../api/notificationsApi';
import { useOpenNotification } from './useOpenNotification';

/**
 * Keeps the bell and the notification lists live: new and read notifications from the socket
 * patch the cache (the unread count is always the server's), a new one is announced with a toast,
 * and after a lost link everything shown is fetched again. Call it once, in the app shell.
 */
export function useNotificationsLive() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useOpenNotification();

  useSocketListeners((socket) => {
    const onCreated: ServerToClientEvents['notification:created'] = ({ notification, unreadCount }) => {
      dispatch(notificationCreated(notification, unreadCount));
      const path = notificationPath(notification);
      toast(notification.text, {
        id: `notification-${notification._id}`,
        ...(path
          ? {
              action: {
                label: 'View',
                onClick: () => {
                  open(notification);
                  void navigate(path);
                },
              },
            }
          : {}),
      });
    };
    const onRead: ServerToClientEvents['notification:read'] = ({ ids, unreadCount }) => dispatch(notificationsRead(ids, unreadCount));

    socket.on('notification:created', onCreated);
    socket.on('notification:read', onRead);
    const stopResync = onResyncNeeded(socket, () => dispatch(notificationsApi.util.invalidateTags(['Notification'])));
    return () => {
      socket.off('notification:created', onCreated);
      socket.off('notification:read', onRead);
      stopResync();
    };
  });
}
