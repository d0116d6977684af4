import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config/config';

/**
 * Caps how many connections one address may hold open at once, so a single client cannot use up the
 * process's sockets with connections it never finishes (docs/operations.md#limits). A connection
 * over the cap is closed before any byte is read. Trusted proxies carry everyone's traffic and are
 * exempt; a hop-count TRUST_PROXY names no address, so the cap then applies to the proxy too and
 * should be raised (or set to 0) for it.
 */
export function capConnectionsPerAddress(server: Server, config: Pick<Config, 'http' | 'trustProxy'>) {
  const max = config.http.maxConnectionsPerAddress;
  if (max === 0) return;
  const isTrustedProxy = Array.isArray(config.trustProxy) ? proxyAddr.compile(config.trustProxy) : () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * The HTTP server with deadlines, so a client that sends its headers or body slowly, or goes silent,
 * gives its connection up (docs/operations.md#limits): headers within `headersTimeoutMs`, the whole
 * request within `requestTimeoutMs`, and no connection idle longer than `idleTimeoutMs`.
 */
export function createHttpServer(handler: RequestListener, limits: Config['http']): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks both deadlines on this beat; its 30 s default is too coarse for short deadlines.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 2))),
    },
    handler,
  );
  server.setTimeout(limits.idleTimeoutMs);
  return server;
}

/** TRUST_PROXY as a hop count: believe that many addresses from the right of X-Forwarded-For. */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
