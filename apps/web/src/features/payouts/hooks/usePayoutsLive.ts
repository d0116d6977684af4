import { onResyncNeeded, useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { useAppDispatch } from '../../../shared/store/hooks';
import { refreshPayoutRequests } from '../api/payoutsApi';

/**
 * An administrator's decision reaches the model as a 'payout' notification (docs/product.md#notifications):
 * the history is read again so the new status shows without a reload, and again after a lost link.
 */
export function usePayoutsLive() {
  const dispatch = useAppDispatch();
  useSocketListeners((socket) => {
    const refresh = () => void dispatch(refreshPayoutRequests());
    const onNotification = ({ notification }: { notification: { type: string } }) => {
      if (notification.type === 'payout') refresh();
    };
    socket.on('notification:created', onNotification);
    const stopResync = onResyncNeeded(socket, refresh);
    return () => {
      socket.off('notification:created', onNotification);
      stopResync();
    };
  });
}
