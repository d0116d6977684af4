import type { Me } from '../accounts/schemas';

/** Socket.IO event maps, shared by the server and the web client. */
export interface ServerToClientEvents {
  /** The session behind this socket was ended (logout, password change, deactivation). */
  'session:revoked': (payload: { reason: 'logout' | 'password-changed' | 'deactivated' | 'suspended' }) => void;
  /** The signed-in member's own profile changed (approval, balance, profile edit on another tab). */
  'me:updated': (payload: { user: Me }) => void;
  /** The member's wallet balance changed (any ledger movement), hundredths of a token. */
  'wallet:balance': (payload: { balance: number }) => void;
  'call:incoming': (payload: { callId: string; fromUser: { _id: string; name: string; username: string }; callRate: number }) => void;
  'call:connected': (payload: { callId: string }) => void;
  'call:declined': (payload: { callId: string }) => void;
  'call:ended': (payload: { callId: string; duration: number; finalTokens: number; reason: string }) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check used by the client to measure the link; answers with the server time. */
  'link:ping': (ack: (answer: { serverTime: string }) => void) => void;
}

/** Spec §7/§9: the access token travels as a query parameter. */
export const SOCKET_TOKEN_QUERY = 'token';
export const SOCKET_PATH = '/socket.io';
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 10000;
