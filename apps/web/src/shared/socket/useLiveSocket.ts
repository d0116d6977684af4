import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { readAccessToken } from '../api/session';
import { currentPath } from '../api/navigation';
import { logout } from '../auth/logoutThunk';
import { selectCurrentUser } from '../auth/authSlice';
import { storeMe } from '../auth/storeMe';
import { connectSocket } from './connectSocket';
import { closeSocket, openSocket } from './socketClient';
import { balanceChanged } from './walletBalance';

/**
 * The socket is open only while someone is signed in and closes on logout (docs/product.md#client-rules). Server events
 * that concern the session itself are handled here; features add their own listeners.
 */
export function useLiveSocket() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?._id;

  useEffect(() => {
    const token = readAccessToken();
    if (!userId || !token) return;
    const socket = openSocket(token, dispatch, connectSocket);
    socket.on('session:revoked', ({ reason }) => {
      // This very session signed out elsewhere means another tab of this browser did it.
      const loginNotice = reason === 'logout' ? 'signed-out-elsewhere' : reason;
      void dispatch(logout({ serverKnows: true, loginNotice, next: currentPath() }));
    });
    socket.on('me:updated', ({ user }) => storeMe(dispatch, user));
    socket.on('wallet:balance', ({ balance }) => dispatch(balanceChanged(balance)));
    return () => closeSocket();
  }, [dispatch, userId]);
}
