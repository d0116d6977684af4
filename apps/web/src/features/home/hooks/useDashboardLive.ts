import { useSocketListeners, onResyncNeeded } from '../../../shared/socket/useSocketListeners';
import { useAppDispatch } from '../../../shared/store/hooks';
import { refreshDashboard } from '../api/homeApi';

/** What changes a model's dashboard: a message arriving or going, a conversation read, a balance moving (a sale, a tip). */
const DASHBOARD_EVENTS = ['message:created', 'message:deleted', 'conversation:read', 'wallet:balance'] as const;

/**
 * Keeps the dashboard current while it is open: its earnings and waiting messages are read again
 * when the server announces a change, and after a lost link comes back.
 */
export function useDashboardLive() {
  const dispatch = useAppDispatch();
  useSocketListeners((socket) => {
    const refresh = () => void dispatch(refreshDashboard());
    for (const event of DASHBOARD_EVENTS) socket.on(event, refresh);
    const stopResync = onResyncNeeded(socket, refresh);
    return () => {
      for (const event of DASHBOARD_EVENTS) socket.off(event, refresh);
      stopResync();
    };
  });
}
