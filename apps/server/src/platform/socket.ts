import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import {
  clientEventSchemas,
  serverEventSchemas,
  SOCKET_PATH,
  SOCKET_TOKEN_QUERY,
  type ClientEventName,
  type ClientToServerEvents,
  type ServerEventData,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@cc/contracts';
import { z } from 'zod';
import type { SessionService, AuthContext, SessionChange } from './auth';
import type { EventBus } from './events';
import type { Presence } from './presence';
import { socketCors } from './cors';
import { createStreamsAdapter } from './socket-adapter';

export type SocketData = { userId: string; sessionId: string };
/** Between server processes: sign-ins every node must forget (platform/auth.ts). */
type InterServerEvents = { 'auth:forget': (change: SessionChange) => void };
export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppServerSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** A feature's per-connection setup: listens to the client events it owns. */
export type SocketConnectionHandler = (socket: AppServerSocket) => void;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Emits a server event to rooms — the one way the server emits. The payload is encoded with the
 * event's schema first, exactly as an HTTP answer is serialised: amounts held in hundredths travel
 * as tokens (docs/product.md#sockets), and a payload that does not fit its schema throws here
 * instead of reaching a client.
 */
export function emitToRooms<E extends ServerEventName>(io: Io, rooms: string | readonly string[], event: E, data: ServerEventData<E>) {
  const targets = typeof rooms === 'string' ? [rooms] : [...rooms];
  // Socket.IO reads an empty room list as "everyone".
  if (targets.length === 0) return;
  (io.to(targets).emit as (event: E, payload: ServerEventPayload<E>) => boolean)(event, encodeEvent(event, data));
}

function encodeEvent<E extends ServerEventName>(event: E, data: ServerEventData<E>): ServerEventPayload<E> {
  const schema = serverEventSchemas[event] as unknown as z.ZodType<ServerEventData<E>, ServerEventPayload<E>>;
  return z.encode(schema, data);
}

/**
 * Tells every socket on every node to fetch again what it shows. For after a Redis outage (called by
 * modules/health/redis-watch.ts once the link is back): what a node published meanwhile never
 * reached the other nodes' sockets, which stayed up and so had no reason to refetch
 * (docs/operations.md#when-the-database-or-redis-goes-away). Each node announces its own recovery,
 * so whichever node lost events, its peers hear of it.
 */
export function broadcastResync(io: Io) {
  (io.emit as (event: 'link:resync', payload: ServerEventPayload<'link:resync'>) => boolean)(
    'link:resync',
    encodeEvent('link:resync', { reason: 'fan-out-restored' }),
  );
}

/** Emits a server event to every socket on every node: for what anyone may see (a model's callability). */
export function emitToEveryone<E extends ServerEventName>(io: Io, event: E, data: ServerEventData<E>) {
  (io.emit as (event: E, payload: ServerEventPayload<E>) => boolean)(event, encodeEvent(event, data));
}

/** Emits a server event to every tab of one member, or of each of several. */
export function emitToUser<E extends ServerEventName>(io: Io, userIds: string | readonly string[], event: E, data: ServerEventData<E>) {
  const ids = typeof userIds === 'string' ? [userIds] : userIds;
  emitToRooms(io, ids.map(userRoom), event, data);
}

/**
 * Listens to a client event, handing the handler only a payload its schema accepts: whatever a
 * client sends is input, checked like an HTTP body. A refused payload is dropped without an answer
 * (these events are courtesies, like typing, and have no reply to carry an error).
 */
export function onClientEvent<E extends ClientEventName>(
  socket: AppServerSocket,
  event: E,
  handler: (payload: z.output<(typeof clientEventSchemas)[E]>) => void,
) {
  const schema: z.ZodType = clientEventSchemas[event];
  (socket.on as (event: E, listener: (payload: unknown) => void) => void)(event, (payload) => {
    const parsed = schema.safeParse(payload);
    // Indexing the map by a generic key widens the schema to the union of all; this one is E's.
    if (parsed.success) handler(parsed.data as z.output<(typeof clientEventSchemas)[E]>);
  });
}

/**
 * Socket.IO at /socket.io. A client authenticates with its access token as a query parameter and
 * joins its user's room and its session's room; features emit to rooms, never to everyone (the one
 * broadcast is 'link:resync' after a Redis outage).
 * With REDIS_URL the streams adapter fans events out across processes and keeps connection-state
 * recovery working across nodes.
 */
export async function createSocketServer(opts: {
  httpServer: HttpServer;
  sessions: SessionService;
  events: EventBus;
  /** The app's Redis client; with it, events reach the sockets of every node (platform/socket-adapter.ts). */
  redis?: Redis | undefined;
  streamName: string;
  presence: Presence;
  /** Features' per-connection listeners (e.g. typing), registered while modules were built. */
  connectionHandlers: readonly SocketConnectionHandler[];
  /** CORS_ORIGINS: other sites' pages allowed to connect over polling with credentials (platform/cors.ts). */
  corsOrigins?: readonly string[];
  /**
   * How long a silent connection is kept before it counts as gone. Browser journeys that jump a page's
   * clock past the heartbeat (e2e/support/clock.ts) lengthen it: engine.io's client compares its
   * Date with the last ping, and would otherwise drop a healthy socket after every jump.
   */
  pingTimeoutMs?: number;
}) {
  // Both the stream and the pub/sub channels carry the deployment's prefix, so deployments (and
  // test runs) sharing one Redis never see each other's sockets.
  const adapter = opts.redis ? createStreamsAdapter(opts.redis, opts.streamName) : undefined;

  const io: Io = new Server(opts.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    ...(adapter ? { adapter } : {}),
    ...(opts.corsOrigins?.length ? { cors: socketCors(opts.corsOrigins) } : {}),
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    pingInterval: 20_000,
    pingTimeout: opts.pingTimeoutMs ?? 20_000,
  });

  io.use(async (socket, next) => {
    const query = socket.handshake.query[SOCKET_TOKEN_QUERY];
    const token = typeof query === 'string' ? query : (socket.handshake.auth as { token?: unknown })?.token;
    const auth: AuthContext | null = typeof token === 'string' ? await opts.sessions.authenticate(token) : null;
    if (!auth) return next(new Error('unauthorized'));
    socket.data = { userId: auth.user.id, sessionId: auth.sessionId };
    next();
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(socket.data.sessionId)]);
    socket.on('link:ping', (ack) => {
      if (typeof ack === 'function') ack({ serverTime: new Date().toISOString() });
    });
    for (const handler of opts.connectionHandlers) handler(socket);
    void opts.presence.connected(userId).then((cameOnline) => {
      if (cameOnline) opts.events.publish('presence.changed', { userId, online: true });
    }, ignorePresenceFailure);
    socket.on('disconnect', () => {
      void opts.presence.disconnected(userId).then((wentOffline) => {
        if (wentOffline) opts.events.publish('presence.changed', { userId, online: false });
      }, ignorePresenceFailure);
    });
  });

  // Members a dead (or stalled) node took offline, or brought back, are announced like any other
  // presence change, by the one node that noticed (platform/presence.ts).
  const stopLapses = opts.presence.onLapse?.((userIds, online) => {
    for (const userId of userIds) opts.events.publish('presence.changed', { userId, online });
  });

  // A revoked session must lose its live link at once, on every node.
  const unsubscribe = opts.events.subscribe('session.revoked', async ({ userId, sessionIds, reason }) => {
    const rooms = sessionIds === 'all' ? [userRoom(userId)] : sessionIds.map(sessionRoom);
    if (rooms.length === 0) return;
    emitToRooms(io, rooms, 'session:revoked', { reason });
    io.in(rooms).disconnectSockets(true);
  });

  // A sign-in any node remembers is forgotten on all of them when its session ends or its account changes.
  const forgetEverywhere = (change: SessionChange) => {
    opts.sessions.forget(change);
    if (adapter) io.serverSideEmit('auth:forget', change);
  };
  io.on('auth:forget', (change) => opts.sessions.forget(change));
  const unsubscribeForgets = [
    opts.events.subscribe('session.revoked', ({ userId, sessionIds }) => forgetEverywhere({ userId, sessionIds })),
    opts.events.subscribe('user.updated', ({ userId }) => forgetEverywhere({ userId, sessionIds: 'all' })),
  ];

  return {
    io,
    async close() {
      unsubscribe();
      stopLapses?.();
      for (const stop of unsubscribeForgets) stop();
      await new Promise<void>((resolve) => {
        io.disconnectSockets(true);
        void io.close(() => resolve());
      });
    },
  };
}

/** Presence is a courtesy: a Redis hiccup must not take the link down, only the online dot. */
const ignorePresenceFailure = () => undefined;
