import type { ServerToClientEvents } from '@cc/contracts';
import { useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { useAppDispatch } from '../../../shared/store/hooks';
import { patchCallability } from '../api/contactsApi';

/**
 * A model switching calls off (or on, or changing her rate) reaches every open profile and the
 * directory at once: Call Now goes or comes without a click to find out (issue #28). Call it once,
 * in the app shell.
 */
export function useCallabilityLive() {
  const dispatch = useAppDispatch();
  useSocketListeners((socket) => {
    const onCallability: ServerToClientEvents['model:callability'] = ({ modelId, callAvailable, phoneVerified, callRate }) =>
      dispatch((_, getState) => patchCallability(dispatch, getState(), modelId, { callAvailable, phoneVerified, callRate }));
    socket.on('model:callability', onCallability);
    return () => void socket.off('model:callability', onCallability);
  });
}
