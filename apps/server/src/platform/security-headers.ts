import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A year, with subdomains: what browsers and the preload list expect of an https-only site. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * Powerful browser features the site never uses are off for every page and every frame; the
 * microphone stays on for our own origin, which paid calls need (docs/product.md#calls). Helmet 8
 * has no option for this header. Only features Chromium knows are named: an unknown one is logged
 * in every page's console.
 */
const OFF_FEATURES = [
  'accelerometer',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
export const PERMISSIONS_POLICY = ['microphone=(self)', ...OFF_FEATURES.map((feature) => `${feature}=()`)].join(', ');

/**
 * Helmet's security headers (CSP, nosniff, frame and referrer policies …) on every response.
 * HSTS only when the site's public address is https: on a plain-http site it could only tell a
 * browser to use an https address the site does not answer (docs/architecture.md, security headers).
 * The middleware is built once, here: @fastify/helmet builds it anew for every request, parsing
 * the options and the CSP directives each time, which was about 3 % of the server's busy time on
 * the message path (bench/PROFILE.md, "Reads by id, one statement per turn; helmet built once").
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, { publicUrl }: { publicUrl: string }) {
  const transport: HelmetOptions = { strictTransportSecurity: publicUrl.startsWith('https:') ? HSTS : false };
  const setHeaders = helmet(Object.assign({}, options, transport));
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, () => done());
  });
}
