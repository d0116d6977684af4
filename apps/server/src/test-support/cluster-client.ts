import { io as connect, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TOKEN_QUERY,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@cc/contracts';

/**
 * What a browser does against a cluster, from the test process: HTTP calls and one Socket.IO link
 * per member, either straight to a node (to force where a member is) or through the proxy with a
 * node's cookie (where a browser that was sent there stays, until that node is gone).
 */
export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Answer = { status: number; body: any; node: string | null };

/** A JSON request as the web client sends it; `node` is the proxy's X-Cluster-Node (who answered). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, node: res.headers.get('x-cluster-node') };
}

/**
 * A signed-in socket, connected. With `reconnect` it retries as the web app does (unlimited, 1–10 s,
 * docs/product.md#sockets); `headers` carries the proxy's node cookie on every (re)connection.
 */
export async function openSocket(
  url: string,
  token: string,
  opts: { reconnect?: boolean; headers?: Record<string, string> } = {},
): Promise<Client> {
  const socket: Client = connect(url, {
    path: SOCKET_PATH,
    query: { [SOCKET_TOKEN_QUERY]: token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: opts.reconnect ?? false,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    ...(opts.headers ? { extraHeaders: opts.headers } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Heard = { event: keyof ServerToClientEvents; payload: any; at: number };

/** Everything a socket hears, in order and with when (performance.now()), for assertions and timings. */
export function recorder(socket: Client) {
  const heard: Heard[] = [];
  socket.onAny((event: keyof ServerToClientEvents, payload: unknown) => heard.push({ event, payload, at: performance.now() }));
  return {
    heard,
    of: (event: keyof ServerToClientEvents) => heard.filter((h) => h.event === event),
    payloads: (event: keyof ServerToClientEvents) => heard.filter((h) => h.event === event).map((h) => h.payload),
  };
}

/** Waits until `check` passes, polling. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, everyMs = 25): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Median and largest of some durations, rounded to 0.1 ms, for the figures a test prints. */
export function spread(durations: readonly number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(sorted[Math.floor(sorted.length / 2)] ?? NaN), max: round(sorted.at(-1) ?? NaN), n: sorted.length };
}
