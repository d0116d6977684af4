/**
 * What a load generator needs to act like many browsers: a keep-alive HTTP agent, a small JSON POST
 * on it, and signed-in Socket.IO clients (websocket transport, as the web app connects).
 */
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';

/** One pool of keep-alive connections for every sender, about one connection per online sender. */
export const keepAliveAgent = (maxSockets: number) => new http.Agent({ keepAlive: true, maxSockets });

/** POSTs `body` as JSON and resolves with the answer's status once its body has been read. */
export function postJson(agent: http.Agent, base: URL, path: string, body: unknown, token?: string): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Opens one websocket Socket.IO client per query, `parallel` at a time, and resolves when all are connected. */
export async function openSockets(base: string, path: string, queries: Record<string, string>[], parallel = 50): Promise<Socket[]> {
  const sockets: Socket[] = new Array(queries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < queries.length) {
        const i = next++;
        const socket = io(base, { path, query: queries[i]!, transports: ['websocket'], forceNew: true });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        sockets[i] = socket;
      }
    }),
  );
  return sockets;
}
