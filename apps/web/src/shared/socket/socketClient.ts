import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TOKEN_QUERY,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@cc/contracts';
import type { Dispatch } from '@reduxjs/toolkit';
import { socketConnected, socketDisconnected, socketFailed, socketOpened, socketReconnected, socketReconnecting } from './socketSlice';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Connect = (uri: string, options: Partial<ManagerOptions & SocketOptions>) => AppSocket;

/** Same origin, token as a query parameter, websocket then polling, unlimited reconnection 1–10 s (docs/product.md#sockets). */
export function socketOptions(token: string): Partial<ManagerOptions & SocketOptions> {
  return {
    path: SOCKET_PATH,
    query: { [SOCKET_TOKEN_QUERY]: token },
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  };
}

/** The one socket of the app; it exists only while someone is signed in. */
let current: AppSocket | null = null;
const openedListeners = new Set<(socket: AppSocket | null) => void>();

/** Tells features when the socket is replaced or closed (null), so they can move their listeners. */
export function onSocketOpened(listener: (socket: AppSocket | null) => void): () => void {
  openedListeners.add(listener);
  return () => openedListeners.delete(listener);
}

export function getSocket(): AppSocket | null {
  return current;
}

/** Mirrors the link's life into the socket slice so the top bar (and tests) can show it. */
export function bindSocketStatus(socket: AppSocket, dispatch: Dispatch) {
  dispatch(socketOpened());
  socket.on('connect', () => dispatch(socketConnected()));
  socket.on('disconnect', () => dispatch(socketDisconnected()));
  // A refused handshake or an unreachable server; a server of an older protocol version also lands
  // here, and its message says so.
  socket.on('connect_error', (error) => dispatch(socketFailed(error.message)));
  socket.io.on('reconnect_attempt', (attempt) => dispatch(socketReconnecting(attempt)));
  socket.io.on('reconnect', () => dispatch(socketReconnected()));
}

/**
 * Opens the one socket with `connect` (socket.io-client's `io`, from connectSocket.ts): this module
 * is also used by sign-out, which must not bring the socket client to the login page (issue #11).
 */
export function openSocket(token: string, dispatch: Dispatch, connect: Connect): AppSocket {
  closeSocket();
  const socket = connect('/', socketOptions(token));
  bindSocketStatus(socket, dispatch);
  current = socket;
  for (const listener of openedListeners) listener(socket);
  return socket;
}

export function closeSocket() {
  if (!current) return;
  const socket = current;
  current = null;
  for (const listener of openedListeners) listener(null);
  // Listeners go first so the deliberate close is not reported as a lost link.
  socket.removeAllListeners();
  socket.io.removeAllListeners();
  socket.disconnect();
}
