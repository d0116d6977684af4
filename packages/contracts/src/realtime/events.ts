import { z } from 'zod';
import { meSchema } from '../accounts/account';
import { callSignalSchema, CALL_END_REASONS } from '../calls/calls';
import { tokenAmount } from '../common/money';
import { conversationSchema } from '../messaging/conversations';
import { messageSchema } from '../messaging/messages';
import { notificationSchema } from '../notifications/notifications';
import { xchatServerEventSchemas } from './xchat-events';

/**
 * Socket.IO events, one schema per payload, shared by the server and the web client. Like HTTP
 * answers, amounts travel as tokens (docs/product.md#sockets): the server encodes every payload
 * with its schema before emitting (hundredths → tokens), and validates every payload a client
 * sends before acting on it. The event maps below are derived from the schemas: `z.input` of each
 * schema is what travels.
 */

const unreadTotal = z.number().int().nonnegative();

export const serverEventSchemas = {
  /** The session behind this socket was ended (logout, password change, deactivation). */
  'session:revoked': z.object({ reason: z.enum(['logout', 'password-changed', 'deactivated', 'suspended']) }),
  /** The signed-in member's own profile changed (approval, balance, profile edit on another tab). */
  'me:updated': z.object({ user: meSchema }),
  /** The member's wallet balance changed (any ledger movement). */
  'wallet:balance': z.object({ balance: tokenAmount({ description: 'Tokens the member holds now' }) }),
  /**
   * A message was sent in one of the viewer's conversations (also to the sender's other tabs).
   * `conversation` is the viewer's own view of it, with exact unread counts.
   */
  'message:created': z.object({ message: messageSchema, conversation: conversationSchema, totalUnread: unreadTotal }),
  /** The sender deleted a message: it shows as deleted for both. */
  'message:deleted': z.object({
    messageId: z.string(),
    conversationId: z.string(),
    conversation: conversationSchema,
    totalUnread: unreadTotal,
  }),
  /** Someone read a conversation: to the reader's tabs (their counts) and to the other side (read receipts). */
  'conversation:read': z.object({
    conversationId: z.string(),
    readerId: z.string(),
    readSeq: z.number().int(),
    unreadMessageCount: z.number().int().nonnegative(),
    totalUnread: unreadTotal,
  }),
  /** A block or unblock changed who may send in a conversation. */
  'conversation:blocked': z.object({ conversationId: z.string(), blockedIds: z.array(z.string()) }),
  /** The other person is typing (or stopped); the indicator lapses after TYPING_TTL_MS without renewal. */
  'conversation:typing': z.object({ conversationId: z.string(), userId: z.string(), typing: z.boolean() }),
  /** Someone the viewer has a conversation with came online or went offline. */
  'presence:changed': z.object({ userId: z.string(), online: z.boolean() }),
  'notification:created': z.object({ notification: notificationSchema, unreadCount: unreadTotal }),
  'notification:read': z.object({ ids: z.union([z.array(z.string()), z.literal('all')]), unreadCount: unreadTotal }),
  /**
   * A model's callability or rate changed: to every signed-in tab, so an open profile's Call Now and
   * the directory follow at once rather than at the next click (docs/product.md#calls).
   */
  'model:callability': z.object({
    modelId: z.string(),
    username: z.string(),
    callAvailable: z.boolean(),
    phoneVerified: z.boolean(),
    callRate: tokenAmount({ description: 'Tokens one minute of a call with her costs' }),
  }),
  /** A member is calling the model (docs/product.md#calls). */
  'call:incoming': z.object({
    callId: z.string(),
    fromUser: z.object({ _id: z.string(), name: z.string(), username: z.string() }),
    callRate: tokenAmount({ description: 'Tokens one minute of the call costs' }),
  }),
  /** The model answered: both parties start the timer; the caller joins the voice link. */
  'call:connected': z.object({ callId: z.string(), connectedAt: z.iso.datetime() }),
  /** The model declined or did not answer in time ('no-answer'). */
  'call:declined': z.object({ callId: z.string(), reason: z.enum(['declined', 'no-answer']) }),
  'call:ended': z.object({
    callId: z.string(),
    /** Seconds the call lasted. */
    duration: z.number().nonnegative(),
    finalTokens: tokenAmount({ description: 'Tokens the whole call cost (docs/product.md#call-billing)' }),
    reason: z.enum(CALL_END_REASONS),
  }),
  /** A minute was charged (to both parties: the caller's tokens used, the model's earnings so far). */
  'call:charged': z.object({
    callId: z.string(),
    minutesCharged: z.number().int().nonnegative(),
    tokensUsed: tokenAmount({ description: 'Tokens charged for this call so far' }),
  }),
  /** WebRTC signalling from the other party of a local call. */
  'call:signal': z.object({ callId: z.string(), signal: callSignalSchema }),
  /**
   * To every socket: events may have been lost while the link stayed up (Redis, which carries them
   * between server processes, was unreachable), so a client fetches again what it shows, as after a
   * reconnect — at a random moment within SOCKET_RESYNC_SPREAD_MS, not all at once.
   */
  'link:resync': z.object({ reason: z.enum(['fan-out-restored']) }),
  /** The xChat client's events, beside ours while `legacySocketEvents` is on (./xchat-events.ts). */
  ...xchatServerEventSchemas,
};

/** What the client sends with each event; the server drops a payload its schema refuses. */
export const clientEventSchemas = {
  /** The viewer is typing in a conversation (send at most every TYPING_RENEW_MS while typing). */
  'conversation:typing': z.object({ conversationId: z.uuid(), typing: z.boolean() }),
  /** WebRTC signalling for the other party of a local call; relayed only between the call's two parties. */
  'call:signal': z.object({ callId: z.uuid(), signal: callSignalSchema }),
};

/** The server's answer (the acknowledgement) to 'link:ping'. */
export const linkPingAnswerSchema = z.object({ serverTime: z.string() });

export type ServerEventName = keyof typeof serverEventSchemas;
/** A server event's payload as it travels (amounts in tokens). */
export type ServerEventPayload<E extends ServerEventName> = z.input<(typeof serverEventSchemas)[E]>;
/** A server event's payload as the server holds it before encoding (amounts in hundredths). */
export type ServerEventData<E extends ServerEventName> = z.output<(typeof serverEventSchemas)[E]>;

export type ClientEventName = keyof typeof clientEventSchemas;
/** A client event's payload as it travels. */
export type ClientEventPayload<E extends ClientEventName> = z.input<(typeof clientEventSchemas)[E]>;

/** Socket.IO's map of server → client events: each listener receives the wire payload. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };

export type ClientToServerEvents = { [E in ClientEventName]: (payload: ClientEventPayload<E>) => void } & {
  /** Round-trip check used by the client to measure the link; answers with the server time. */
  'link:ping': (ack: (answer: z.input<typeof linkPingAnswerSchema>) => void) => void;
};
