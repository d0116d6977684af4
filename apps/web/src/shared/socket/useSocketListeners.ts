import { useEffect, useLayoutEffect, useRef } from 'react';
import { SOCKET_RESYNC_SPREAD_MS } from '@cc/contracts';
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
 * Calls `onResync` on every connect after the feature bound its listeners: when the link comes back
 * after it was lost, and on the first connect of a socket that was still connecting at binding.
 * Either way the server may have said things the feature never heard (a page's data is fetched
 * while the socket, loaded with the signed-in shell, is still on its way), so it refetches them.
 * The server's 'link:resync' (events lost between its nodes while the link stayed up) does the
 * same, at a random moment within SOCKET_RESYNC_SPREAD_MS: every tab hears it at once.
 */
export function onResyncNeeded(socket: AppSocket, onResync: () => void): () => void {
  let pending: number | undefined;
  const onServerResync = () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(onResync, Math.random() * SOCKET_RESYNC_SPREAD_MS);
  };
  socket.on('connect', onResync);
  socket.on('link:resync', onServerResync);
  return () => {
    window.clearTimeout(pending);
    socket.off('connect', onResync);
    socket.off('link:resync', onServerResync);
  };
}
