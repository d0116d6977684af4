import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAppSelector } from '../../shared/store/hooks';
import { selectCurrentUser } from '../auth/authSlice';
import { getSocket, onSocketOpened, type AppSocket } from './socketClient';

/**
 * Lets a feature listen on the one socket: `bind` attaches its listeners and returns a cleanup.
 * It re-binds when the socket is replaced (a new sign-in) and unbinds on sign-out. `bind` may be
 * a new function each render; the latest one is used when the socket changes.
 */
export function useSocketListeners(bind: (socket: AppSocket) => () => void) {
  const userId = useAppSelector(selectCurrentUser)?._id;
  const latest = useRef(bind);
  useLayoutEffect(() => {
    latest.current = bind;
  });

  useEffect(() => {
    if (!userId) return;
    let cleanup: (() => void) | undefined;
    const attach = (socket: AppSocket | null) => {
      cleanup?.();
      cleanup = socket ? latest.current(socket) : undefined;
    };
    attach(getSocket());
    const stop = onSocketOpened(attach);
    return () => {
      stop();
      cleanup?.();
    };
  }, [userId]);
}

/**
 * Calls `onResync` every time the link comes back after it was lost (not on the first connect):
 * whatever the server said meanwhile may be missing, so features refetch what they show.
 */
export function onReconnect(socket: AppSocket, onResync: () => void): () => void {
  let connectedBefore = socket.connected;
  const listener = () => {
    if (connectedBefore) onResync();
    connectedBefore = true;
  };
  socket.on('connect', listener);
  return () => socket.off('connect', listener);
}
