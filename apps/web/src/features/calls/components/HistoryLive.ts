import { onResyncNeeded, useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { useAppDispatch } from '../../../shared/store/hooks';
import { refreshCallHistory } from '../api/historyApi';

/** Every change of a call's state the server announces to its two parties (docs/product.md#calls). */
const CALL_EVENTS = ['call:incoming', 'call:connected', 'call:declined', 'call:ended', 'call:charged'] as const;

/** Keeps the call history and an open receipt current: a call that rings, connects or ends shows without a reload. */
export function useHistoryLive() {
  const dispatch = useAppDispatch();
  useSocketListeners((socket) => {
    const refresh = () => void dispatch(refreshCallHistory());
    for (const event of CALL_EVENTS) socket.on(event, refresh);
    const stopResync = onResyncNeeded(socket, refresh);
    return () => {
      for (const event of CALL_EVENTS) socket.off(event, refresh);
      stopResync();
    };
  });
}
