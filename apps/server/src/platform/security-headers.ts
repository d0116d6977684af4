import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, nosniff, frame and referrer policies …) on every response.
 * The middleware is built once, here: @fastify/helmet builds it anew for every request, parsing
 * the options and the CSP directives each time, which was about 3 % of the server's busy time on
 * the message path (bench/PROFILE.md, "Reads by id, one statement per turn; helmet built once").
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
