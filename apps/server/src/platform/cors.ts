import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { ServerOptions } from 'socket.io';

/** What a client on another origin may send: the methods of the route table and the headers our clients set. */
export const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type'];
/** 503 and 429 answers say when to try again (docs/operations.md#health). */
export const CORS_EXPOSED_HEADERS = ['Retry-After'];
/** How long a browser may keep a preflight's answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * CORS for the origins CORS_ORIGINS lists (docs/operations.md#cors): their pages may call every
 * route with credentials and read every answer, errors included (the headers are set at onRequest,
 * before anything can refuse the request). Any other origin gets no CORS header at all, its
 * preflight answers 404, so the browser refuses; the request's own Origin is echoed only when it is
 * listed. With none listed nothing is registered: same origin stays the only one.
 * The `accessToken` cookie still signs in GET requests only (docs/product.md#compatibility).
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const listed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin) ? origin : false),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
  });
}

/**
 * The same rule for Socket.IO's polling transport, which answers before Fastify sees the request
 * (engine.io's `cors` option, handed to the `cors` package): a listed origin is echoed with
 * credentials, any other gets no CORS header.
 */
export function socketCors(origins: readonly string[]): ServerOptions['cors'] {
  if (origins.length === 0) return undefined;
  const listed = new Set(origins);
  return (request, callback) => {
    const origin = request.headers.origin;
    callback(
      null,
      origin !== undefined && listed.has(origin) ? { origin, credentials: true, methods: ['GET', 'POST'] } : { origin: false },
    );
  };
}
