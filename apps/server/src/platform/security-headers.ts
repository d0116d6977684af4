import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config';

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
 * What pages may load and where they may connect: our own origin, plus what the configured card
 * and voice providers need, and nothing a provider that is not configured would need.
 */
export function contentSecurityPolicy({ payments, voice }: Pick<Config, 'payments' | 'voice'>): HelmetOptions['contentSecurityPolicy'] {
  // Real Accept.js loads from Authorize.Net and posts the card there; the sandbox stays on our origin.
  const cardTokenizer = payments.provider === 'authorizenet' ? [new URL(payments.authorizenet.acceptJsUrl).origin] : [];
  const cardApi =
    payments.provider === 'authorizenet'
      ? ['https://api2.authorize.net', 'https://apitest.authorize.net', 'https://api.authorize.net']
      : [];
  // Twilio's Voice JS SDK (bundled, loaded only with VOICE_PROVIDER=twilio): signalling over
  // wss://voice-js.roaming.twilio.com (the default 'roaming' edge; 'wss:' allows it already, named
  // here so narrowing 'wss:' keeps it), call-quality events to eventgw, ring and hang-up sounds from
  // sdk.twilio.com. Media is SRTP, not governed by CSP. The SDK's README, "Content Security Policy".
  const voiceSdk =
    voice.provider === 'twilio' ? ['wss://voice-js.roaming.twilio.com', 'https://eventgw.twilio.com', 'https://sdk.twilio.com'] : [];
  const voiceSounds = voice.provider === 'twilio' ? ['mediastream:', 'https://sdk.twilio.com'] : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      // Administrator footer script is served from our own origin, so 'self' suffices.
      scriptSrc: ["'self'", ...cardTokenizer],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', ...voiceSounds],
      connectSrc: ["'self'", 'ws:', 'wss:', ...cardApi, ...voiceSdk],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Helmet's default would force https for every subresource, breaking plain-http deployments.
      upgradeInsecureRequests: null,
    },
  };
}

/**
 * Helmet's security headers (CSP, nosniff, frame and referrer policies …) on every response.
 * HSTS only when the site's public address is https: on a plain-http site it could only tell a
 * browser to use an https address the site does not answer (docs/architecture.md, security headers).
 * The middleware is built once, here: @fastify/helmet builds it anew for every request, parsing
 * the options and the CSP directives each time, which was about 3 % of the server's busy time on
 * the message path (bench/PROFILE.md, "Reads by id, one statement per turn; helmet built once").
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'payments' | 'voice' | 'publicUrl'>) {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? HSTS : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, () => done());
  });
}
