import type { Me } from '../accounts/schemas';
import type { Conversation } from '../messaging/conversations';
import type { Message } from '../messaging/messages';
import type { Notification } from '../messaging/notifications';

/** Socket.IO event maps, shared by the server and the web client. */
export interface ServerToClientEvents {
  /** The session behind this socket was ended (logout, password change, deactivation). */
  'session:revoked': (payload: { reason: 'logout' | 'password-changed' | 'deactivated' | 'suspended' }) => void;
  /** The signed-in member's own profile changed (approval, balance, profile edit on another tab). */
  'me:updated': (payload: { user: Me }) => void;
  /** The member's wallet balance changed (any ledger movement), hundredths of a token. */
  'wallet:balance': (payload: { balance: number }) => void;
  /**
   * A message was sent in one of the viewer's conversations (also to the sender's other tabs).
   * `conversation` is the viewer's own view of it, with exact unread counts.
   */
  'message:created': (payload: { message: Message; conversation: Conversation; totalUnread: number }) => void;
  /** The sender deleted a message: it shows as deleted for both. */
  'message:deleted': (payload: { messageId: string; conversationId: string; conversation: Conversation; totalUnread: number }) => void;
  /** Someone read a conversation: to the reader's tabs (their counts) and to the other side (read receipts). */
  'conversation:read': (payload: {
    conversationId: string;
    readerId: string;
    readSeq: number;
    unreadMessageCount: number;
    totalUnread: number;
  }) => void;
  /** A block or unblock changed who may send in a conversation. */
  'conversation:blocked': (payload: { conversationId: string; blockedIds: string[] }) => void;
  /** The other person is typing (or stopped); the indicator lapses after TYPING_TTL_MS without renewal. */
  'conversation:typing': (payload: { conversationId: string; userId: string; typing: boolean }) => void;
  /** Someone the viewer has a conversation with came online or went offline. */
  'presence:changed': (payload: { userId: string; online: boolean }) => void;
  'notification:created': (payload: { notification: Notification; unreadCount: number }) => void;
  'notification:read': (payload: { ids: string[] | 'all'; unreadCount: number }) => void;
  'call:incoming': (payload: { callId: string; fromUser: { _id: string; name: string; username: string }; callRate: number }) => void;
  'call:connected': (payload: { callId: string }) => void;
  'call:declined': (payload: { callId: string }) => void;
  'call:ended': (payload: { callId: string; duration: number; finalTokens: number; reason: string }) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check used by the client to measure the link; answers with the server time. */
  'link:ping': (ack: (answer: { serverTime: string }) => void) => void;
  /** The viewer is typing in a conversation (send at most every TYPING_RENEW_MS while typing). */
  'conversation:typing': (payload: { conversationId: string; typing: boolean }) => void;
}

/** Spec §7/§9: the access token travels as a query parameter. */
export const SOCKET_TOKEN_QUERY = 'token';
export const SOCKET_PATH = '/socket.io';
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 10000;

/** A typing indicator is renewed this often while someone types, and lapses after TYPING_TTL_MS. */
export const TYPING_RENEW_MS = 2000;
export const TYPING_TTL_MS = 5000;
